// The popup flow's rules with fake timers (rules §9's 1 s closure check) and a stand-in window: the page's message
// events come from an EventTarget, the popup is a plain object, the embedded wallet a fake (the real one is
// exercised end to end in test/e2e/socials.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeModal, openModal, pluginApi, type Kernel } from 'foyer'
import { fakeEmbeddedWallet, type FakeEmbeddedWallet } from '../../test/embeddedWalletStories.js'
import { testChain, testConnector, testKernel } from '../../test/fixtures.js'
import { EmbeddedWalletToken } from '../email/embeddedWallet.js'
import { EmailLoadError, email } from '../email/index.js'
import { connectSocial, type SocialPopup } from './connectSocial.js'
import { POPUP_POLL_MS } from './constants.js'
import { socialAccount, socials } from './index.js'

const WALLET = 'http://127.0.0.1:9'
const RESULT = `${WALLET}/social/callback?code=c&state=s`

let page: EventTarget
let kernel: Kernel
let wallet: FakeEmbeddedWallet
let popup: SocialPopup & { closed: boolean }

beforeEach(() => {
  vi.useFakeTimers()
  page = new EventTarget()
  vi.stubGlobal('window', page)
  kernel = testKernel({
    plugins: [
      testChain({ connectors: [testConnector({ id: 'email', name: 'Email', type: 'auth', namespaces: ['eip155'] })] }),
      email(),
      socials(),
    ],
    services: { wallet: WALLET },
  })
  wallet = fakeEmbeddedWallet({ socialRedirectUri: 'http://127.0.0.1:9/authorize', email: '' })
  kernel.container.provide(EmbeddedWalletToken, wallet)
  popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true
    }),
    location: { href: 'about:blank' } as Location,
  }
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A message event as the browser delivers it (only the fields the flow reads). */
function post(data: unknown, origin = WALLET, source: unknown = popup) {
  page.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
}

async function waiting() {
  await vi.waitFor(() => expect(kernel.store.getState().socials.login).toEqual({ step: 'waiting', provider: 'google' }))
  expect(popup.location.href).toBe('http://127.0.0.1:9/authorize')
}

describe('connectSocial', () => {
  it('rules §4: the popup is checked every second; found closed, the login fails with Popup closed', async () => {
    const every = vi.spyOn(globalThis, 'setInterval')
    const login = connectSocial(kernel, { provider: 'google', popup })
    const failed = expect(login).rejects.toThrow('Popup closed')
    await waiting()
    expect(every).toHaveBeenCalledWith(expect.any(Function), 1_000)
    // Open for a minute: still waiting.
    await vi.advanceTimersByTimeAsync(60 * POPUP_POLL_MS)
    expect(kernel.store.getState().socials.login?.step).toBe('waiting')
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS)
    await failed
    expect(kernel.store.getState().socials.login).toEqual({ step: 'failed', provider: 'google', error: 'Popup closed' })
    expect(wallet.connectSocial).not.toHaveBeenCalled()
  })

  it('security: only the wallet origin’s message, out of the popup, of the right shape, naming the wallet’s callback, finishes the login', async () => {
    const login = connectSocial(kernel, { provider: 'google', popup })
    await waiting()
    const good = { type: 'FOYER_SOCIAL_RESULT', resultUri: RESULT }
    post(good, 'http://evil.example')
    post(good, WALLET, {})
    post({ ...good, type: 'OTHER' })
    post({ ...good, resultUri: 'http://evil.example/social/callback?code=c' })
    post({ ...good, resultUri: `${WALLET}/elsewhere?code=c` })
    post({ ...good, resultUri: 'not a url' })
    await vi.advanceTimersByTimeAsync(5 * POPUP_POLL_MS)
    expect(wallet.connectSocial).not.toHaveBeenCalled()
    expect(kernel.store.getState().socials.login?.step).toBe('waiting')

    post(good)
    const connection = await login
    expect(wallet.connectSocial).toHaveBeenCalledWith('google', RESULT)
    expect(popup.close).toHaveBeenCalled()
    expect(connection).toMatchObject({ status: 'connected', connectorId: 'email' })
    expect(kernel.store.getState().socials).toEqual({ socialProvider: 'google', userName: 'Alice' })
    expect(socialAccount(kernel)).toEqual({ socialProvider: 'google', userName: 'Alice' })
  })

  it('rules §5: a provider outside google, github, apple, facebook, x, discord, or a blocked popup, fails to initiate; nothing is asked', async () => {
    await expect(connectSocial(kernel, { provider: 'farcaster' as never, popup })).rejects.toThrow('Failed to initiate social connection')
    await expect(connectSocial(kernel, { provider: 'google', popup: null })).rejects.toThrow('Failed to initiate social connection')
    expect(wallet.socialRedirectUri).not.toHaveBeenCalled()
  })

  it("rules §8: closing the modal ends the login with 'Modal closed' and closes the popup", async () => {
    openModal(kernel)
    const login = connectSocial(kernel, { provider: 'google', popup })
    const failed = expect(login).rejects.toThrow('Modal closed')
    await waiting()
    closeModal(kernel)
    await failed
    expect(popup.close).toHaveBeenCalled()
    post({ type: 'FOYER_SOCIAL_RESULT', resultUri: RESULT })
    expect(wallet.connectSocial).not.toHaveBeenCalled()
  })

  it('sign-out (the embedded wallet disconnected) forgets the provider and the name', async () => {
    const login = connectSocial(kernel, { provider: 'google', popup })
    await waiting()
    post({ type: 'FOYER_SOCIAL_RESULT', resultUri: RESULT })
    await login
    kernel.dispatchConnection({ type: 'disconnected', namespace: 'eip155' })
    expect(kernel.store.getState().socials).toEqual({})
    expect(socialAccount(kernel)).toBeUndefined()
  })

  it("rules §8: a login the wallet finished with no embedded-wallet connector registered fails with 'No auth connector found'", async () => {
    kernel = testKernel({ plugins: [testChain(), email(), socials()], services: { wallet: WALLET } })
    kernel.container.provide(EmbeddedWalletToken, wallet)
    const login = connectSocial(kernel, { provider: 'google', popup })
    const failed = expect(login).rejects.toThrow('No auth connector found')
    await waiting()
    post({ type: 'FOYER_SOCIAL_RESULT', resultUri: RESULT })
    await failed
    expect(wallet.connectSocial).toHaveBeenCalledWith('google', RESULT)
    expect(kernel.store.getState().socials.login).toEqual({ step: 'failed', provider: 'google', error: 'No auth connector found' })
    expect(kernel.store.getState().connection.namespaces['eip155']?.status).not.toBe('connected')
  })

  it("rules §8: the embedded wallet's code failing to load shows 'Unable to load email login dependency'", async () => {
    // The email plugin's api as it answers when its chunk is lost (plugins/email/index.test.ts proves that part).
    vi.spyOn(pluginApi(kernel, 'email'), 'embeddedWallet').mockRejectedValue(new EmailLoadError())
    await expect(connectSocial(kernel, { provider: 'google', popup })).rejects.toThrow('Unable to load email login dependency')
    expect(kernel.store.getState().socials.login).toMatchObject({ step: 'failed', error: 'Unable to load email login dependency' })
  })
})
