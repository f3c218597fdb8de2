// The embedded wallet's client side against a fake frame page (test/fakeFramePage.ts): what it sends,
// what it keeps in the site's storage, and how it refuses (rules §4, §5, rules §6). The wallet service's own tests
// and the end-to-end test cover the real frame.
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  createMemoryBackend,
  ERROR_MESSAGE_DELAY_MS,
  setThemeMode,
  StorageToken,
  type Asset,
  type FoyerOptions,
  type Kernel,
  type StorageBackend,
} from 'foyer'
import { fakeFramePage, WALLET_URL } from '../../test/fakeFramePage.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { EMAIL_ADDRESS_KEY, EMAIL_CONNECTOR_ID, EMAIL_LAST_CHAIN_KEY } from './constants.js'
import { accountDetailsOf, EMAIL_COOLDOWN_MS, embeddedWalletOf } from './embeddedWallet.js'
import type { EmbeddedEip1193Provider } from './eip1193Provider.js'
import { FRAME_READY_DELAY_MS } from './frameClient.js'
import { email, type EmailOptions } from './index.js'

const USER = {
  email: 'ada@example.com',
  address: '0x1111111111111111111111111111111111111111',
  chainId: 31337,
  accounts: [{ address: '0x1111111111111111111111111111111111111111', type: 'eoa', namespace: 'eip155' }],
}

/** A kernel with email() and its embedded wallet started on a fake page whose frame is ready. */
async function setup(
  backend: StorageBackend = createMemoryBackend(),
  options: Partial<FoyerOptions> = {},
  emailOptions: EmailOptions = {},
) {
  const page = fakeFramePage()
  const kernel = testKernel({ plugins: [testChain(), email(emailOptions)], services: { wallet: WALLET_URL }, storage: backend, ...options })
  const wallet = embeddedWalletOf(kernel)
  page.fromFrame({ type: 'FRAME_READY' })
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  // What the wallet tells the frame once it is ready (theme, site data), kept apart from what the tests send.
  const synced = page.posted.splice(0).map(({ message }) => message)
  const provider = kernel.connectors.provider(EMAIL_CONNECTOR_ID, 'eip155') as EmbeddedEip1193Provider
  const stored = (key: string) => kernel.container.resolve(StorageToken).read(key, v.unknown())
  /** Lets posted messages and their answers go through. */
  const settle = () => vi.advanceTimersByTimeAsync(0)
  return { ...page, kernel, wallet, provider, stored, settle, synced }
}

const toast = (kernel: Kernel) => kernel.store.getState().toast

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the embedded wallet', () => {
  it("the same email while one is under way shares it (React's StrictMode runs effects twice); another within 30 s waits (rules §5)", async () => {
    const { wallet, answer, types, settle } = await setup()
    const first = wallet.connectEmail('ada@example.com')
    const again = wallet.connectEmail(' ada@example.com ')
    await settle()
    expect(types()).toEqual(['APP_CONNECT_EMAIL'])
    answer('APP_CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    await expect(first).resolves.toBe('VERIFY_OTP')
    await expect(again).resolves.toBe('VERIFY_OTP')

    await expect(wallet.connectEmail('ada@example.com')).rejects.toThrow('Please try again after 30 seconds')
    await expect(wallet.updateEmail('grace@example.com')).rejects.toThrow('Please try again after 30 seconds')
    await vi.advanceTimersByTimeAsync(EMAIL_COOLDOWN_MS)
    void wallet.connectEmail('ada@example.com')
    await settle()
    expect(types()).toEqual(['APP_CONNECT_EMAIL', 'APP_CONNECT_EMAIL'])
  })

  it("a refused email does not start the cooldown; the service's own cooldown sets when to try again (rules §5)", async () => {
    const { wallet, posted, fromFrame, types, settle } = await setup()
    const refuse = (payload: object) => fromFrame({ id: posted.at(-1)!.message.id, type: 'FRAME_CONNECT_EMAIL_ERROR', payload })
    const invalid = wallet.connectEmail('ada@example.com')
    await settle()
    refuse({ message: 'Invalid email', code: 'INVALID_REQUEST' })
    await expect(invalid).rejects.toThrow('Invalid email')

    const limited = wallet.connectEmail('ada@example.com')
    await settle()
    refuse({ message: 'Please try again after 12 seconds', code: 'RATE_LIMITED', retryAfter: 12 })
    await expect(limited).rejects.toThrow('Please try again after 12 seconds')
    await vi.advanceTimersByTimeAsync(11_000)
    await expect(wallet.connectEmail('ada@example.com')).rejects.toThrow('Please try again after 1 seconds')
    await vi.advanceTimersByTimeAsync(1_000)
    void wallet.connectEmail('ada@example.com')
    await settle()
    expect(types()).toEqual(['APP_CONNECT_EMAIL', 'APP_CONNECT_EMAIL', 'APP_CONNECT_EMAIL'])
  })

  it('remembers the chain it switched to on this site; the next frame starts there and asks for the user on it; sign-out forgets it (rules §4)', async () => {
    const backend = createMemoryBackend()
    const first = await setup(backend)
    const switched = first.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await first.settle()
    first.answer('APP_SWITCH_NETWORK', { chainId: 31338 })
    await switched
    expect(first.stored(EMAIL_LAST_CHAIN_KEY)).toBe(31338)
    first.kernel.destroy()
    vi.unstubAllGlobals()

    const next = await setup(backend)
    expect(next.iframe.src).toContain('chainId=31338')
    const user = next.wallet.getUser()
    await next.settle()
    expect(next.posted.at(-1)?.message).toMatchObject({ type: 'APP_GET_USER', payload: { chainId: 31338 } })
    next.answer('APP_GET_USER', { ...USER, chainId: 31338 })
    await expect(user).resolves.toMatchObject({ chainId: 31338 })

    const signedOut = next.wallet.signOut()
    await next.settle()
    next.answer('APP_SIGN_OUT', {})
    await signedOut
    expect(next.stored(EMAIL_LAST_CHAIN_KEY)).toBeUndefined()
  })

  it.each([Infinity, 0, 1.5, ''])(
    'a user whose chainId is %s is a malformed answer: refused, and no chain is remembered',
    async (chainId) => {
      const { wallet, answer, settle, stored } = await setup()
      const user = wallet.getUser()
      await settle()
      answer('APP_GET_USER', { ...USER, chainId })
      await expect(user).rejects.toMatchObject({ shortMessage: 'An error occurred', details: 'The frame sent a malformed user.' })
      expect(stored(EMAIL_LAST_CHAIN_KEY)).toBeUndefined()
    },
  )

  it("the kernel's teardown ends the frame: a login under way fails with 'Something went wrong', a signature with 'Request was aborted' (rules §8)", async () => {
    const { kernel, wallet, provider, iframe, settle } = await setup()
    const login = wallet.connectEmail('ada@example.com').catch((error: unknown) => error)
    const signing = provider.request({ method: 'personal_sign', params: ['0x68', USER.address] }).catch((error: unknown) => error)
    await settle()
    await kernel.destroy()
    expect(await login).toMatchObject({ shortMessage: 'Something went wrong' })
    expect(await signing).toMatchObject({ message: expect.stringContaining('Request was aborted') })
    expect(iframe.remove).toHaveBeenCalled()
  })

  it("the kernel's teardown before the frame is ready settles the requests waiting for it (rules §8)", async () => {
    const page = fakeFramePage()
    const kernel = testKernel({ plugins: [testChain(), email()], services: { wallet: WALLET_URL } })
    const user = embeddedWalletOf(kernel)
      .getUser()
      .catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    await kernel.destroy()
    expect(await user).toMatchObject({ shortMessage: 'Something went wrong' })
    expect(page.iframe.remove).toHaveBeenCalled()
  })

  it("a method it does not offer rejects the requests waiting for approval, opens the modal and shows 'Action not allowed' after 300 ms (rules §6)", async () => {
    const { kernel, provider, posted, fromFrame, types, settle } = await setup()
    const logged = vi.spyOn(kernel.logger, 'error')
    const signing = provider.request({ method: 'personal_sign', params: ['0x68', USER.address] }).catch((error: unknown) => error)
    await settle()
    const signId = posted.at(-1)!.message.id
    fromFrame({ id: signId, type: 'FRAME_RPC_REQUEST_APPROVAL', payload: { method: 'personal_sign' } })
    await settle()
    expect(kernel.router.current().view).toBe('ApproveTransaction')

    const refused = provider.request({ method: 'eth_coinbase' }).catch((error: unknown) => error)
    await settle()
    const refusedId = posted.at(-1)!.message.id
    fromFrame({
      id: refusedId,
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed', code: 'NOT_ALLOWED', rpcCode: 4200 },
    })
    await settle()
    expect(await refused).toMatchObject({ code: 4200 })
    expect(types()).toContain('APP_RPC_ABORT')
    expect(kernel.store.getState().modal.open).toBe(true)
    expect(kernel.router.current().view).not.toBe('ApproveTransaction')
    expect(logged).toHaveBeenCalledWith('Requested RPC call is not allowed')

    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS - 1)
    expect(toast(kernel).open).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(toast(kernel)).toMatchObject({ open: true, message: 'Action not allowed', variant: 'error' })

    // The frame answers the aborted request; it rejects, and nothing else closes or moves.
    fromFrame({ id: signId, type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'Request was aborted', code: 'ABORTED' } })
    expect(await signing).toMatchObject({ message: 'Request was aborted' })
    expect(kernel.store.getState().modal.open).toBe(true)
  })

  it.each([
    ['wallet_grantPermissions', [{ chainId: '0x7a69', expiry: 1, signer: { type: 'key' }, permissions: [{ type: 'x' }] }]],
    ['wallet_revokePermissions', [{ permissionsContext: '0b4c3a1e-0000-4000-8000-000000000000' }]],
    ['eth_sendUserOperation', [{ sender: USER.address, callData: '0x' }, '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108']],
    ['wallet_getAssets', [{ account: USER.address }]],
  ])(
    '%s goes to the frame as a request (rules §6: it approves or answers it there), never answered by the host page',
    async (method, params) => {
      const { provider, posted, settle, fromFrame, kernel } = await setup()
      const answer = provider.request({ method, params })
      await settle()
      const { message } = posted.at(-1)!
      expect(message).toMatchObject({ type: 'APP_RPC_REQUEST', payload: { method, params } })
      fromFrame({ id: message.id, type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { from: 'the frame' } })
      await expect(answer).resolves.toEqual({ from: 'the frame' })
      expect(toast(kernel).open).toBe(false)
    },
  )

  it.each([
    [{ sponsorGas: true }, { sponsorGas: true }],
    [{}, { sponsorGas: undefined }],
  ])(
    'email(%o) sends the frame %o with each request: the site’s offer to pay the network fee (docs/sponsored-gas.md)',
    async (options, offer) => {
      const { provider, posted, settle } = await setup(undefined, {}, options)
      void provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: USER.address }] }] }).catch(() => {})
      await settle()
      const { message } = posted.at(-1)!
      expect(message).toMatchObject({ type: 'APP_RPC_REQUEST', payload: { method: 'wallet_sendCalls' } })
      expect((message.payload as { sponsorGas?: boolean }).sponsorGas).toBe(offer.sponsorGas)
    },
  )

  it("wallet_getAssets' answer is rules §3's Asset, exported from foyer, passed on as the frame checked it", async () => {
    const { provider, posted, settle, fromFrame } = await setup()
    const native: Asset = { address: 'native', balance: '0x4d2', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const answer = provider.request({ method: 'wallet_getAssets', params: [{ account: USER.address }] })
    await settle()
    fromFrame({ id: posted.at(-1)!.message.id, type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { '0x7a69': [native] } })
    const assets = (await answer) as Record<`0x${string}`, Asset[]>
    expect(assets['0x7a69']).toEqual([native])
    expectTypeOf(native.type).toEqualTypeOf<'NATIVE' | 'ERC20'>()
  })

  it('tells the frame the theme and what the site says about itself when it is ready, again after a reload, and the theme when it changes (rules §7)', async () => {
    const metadata = {
      name: `  ${'Shop '.repeat(20)}`,
      url: 'https://shop.example',
      icons: ['data:image/svg+xml;base64,PHN2Zz4=', 'http://shop.example/icon.png', 'https://shop.example/icon.png'],
    }
    const { kernel, synced, posted, fromFrame } = await setup(createMemoryBackend(), {
      metadata,
      themeMode: 'dark',
      themeVariables: { accent: '#ff5500', accentForeground: 'var(--x)' },
    })
    const sync = [
      { type: 'APP_SYNC_THEME', payload: { themeMode: 'dark', themeVariables: { accent: '#ff5500' } } },
      {
        type: 'APP_SYNC_DAPP_DATA',
        payload: { metadata: { name: 'Shop '.repeat(12).trim(), url: 'https://shop.example', icons: ['https://shop.example/icon.png'] } },
      },
    ]
    expect(synced).toEqual(sync.map((message) => expect.objectContaining(message)))

    setThemeMode(kernel, 'light')
    await vi.advanceTimersByTimeAsync(0)
    expect(posted.splice(0).map(({ message }) => message)).toEqual([
      expect.objectContaining({ type: 'APP_SYNC_THEME', payload: { themeMode: 'light', themeVariables: expect.any(Object) } }),
    ])

    // A reloaded frame forgot both: it says it is ready again, and hears them again.
    fromFrame({ type: 'FRAME_READY' })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(posted.map(({ message }) => message.type)).toEqual(['APP_SYNC_THEME', 'APP_SYNC_DAPP_DATA'])
  })

  it("EIP-2255's revocation of the site's accounts (the EVM chain's disconnect) signs out, as before, without asking", async () => {
    const { provider, types, settle, answer, stored } = await setup()
    const revoked = provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await settle()
    expect(types()).not.toContain('APP_RPC_REQUEST')
    answer('APP_SIGN_OUT', {})
    await expect(revoked).resolves.toBeNull()
    expect(stored(EMAIL_ADDRESS_KEY)).toBeUndefined()
  })

  it('an email change asks for the current address’s code, then the new one’s; the new email is stored and shown (rules §4)', async () => {
    const { wallet, posted, answer, stored, settle } = await setup()
    const started = wallet.updateEmail(' grace@example.com ')
    await settle()
    expect(posted.at(-1)?.message).toMatchObject({ type: 'APP_UPDATE_EMAIL', payload: { email: 'grace@example.com' } })
    answer('APP_UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' })
    await expect(started).resolves.toBe('VERIFY_PRIMARY_OTP')

    const primary = wallet.updateEmailPrimaryOtp('123456')
    await settle()
    answer('APP_UPDATE_EMAIL_PRIMARY_OTP', { action: 'VERIFY_SECONDARY_OTP' })
    await expect(primary).resolves.toBe('VERIFY_SECONDARY_OTP')

    // A malformed answer is refused, and nothing is stored.
    const malformed = wallet.updateEmailSecondaryOtp('654321')
    await settle()
    answer('APP_UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 42 })
    await expect(malformed).rejects.toThrow()
    expect(stored(EMAIL_ADDRESS_KEY)).toBeUndefined()

    const secondary = wallet.updateEmailSecondaryOtp('654321')
    await settle()
    expect(posted.at(-1)?.message).toMatchObject({ type: 'APP_UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: '654321' } })
    answer('APP_UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'grace@example.com' })
    await expect(secondary).resolves.toBe('grace@example.com')
    expect(stored(EMAIL_ADDRESS_KEY)).toBe('grace@example.com')
    expect(wallet.email()).toBe('grace@example.com')
  })
})

describe('sign-in during login (rules §3 siwxMessage)', () => {
  const fields = {
    accountAddress: USER.address,
    chainId: 'eip155:31337',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    version: '1' as const,
    nonce: 'nonce12345678',
    issuedAt: '2026-01-01T00:00:00.000Z',
  }

  it('the frame signs the fields it is sent (APP_SIGN_IN) and its text is what the verifier gets; no grant answers undefined', async () => {
    const { wallet, answer, posted, fromFrame, settle, kernel } = await setup()
    const signInAtLogin = kernel.connectors.capability(EMAIL_CONNECTOR_ID, 'signInAtLogin')!
    const signed = signInAtLogin({ namespace: 'eip155', message: fields })
    await settle()
    expect(posted.at(-1)?.message).toMatchObject({ type: 'APP_SIGN_IN', payload: { siwxMessage: fields } })
    answer('APP_SIGN_IN', { message: 'the text the wallet wrote', signature: '0xabc', siwxMessage: fields })
    await expect(signed).resolves.toEqual({ message: { ...fields, serializedMessage: 'the text the wallet wrote' }, signature: '0xabc' })

    const refused = wallet.signInAtLogin(fields)
    await settle()
    const request = posted.findLast(({ message }) => message.type === 'APP_SIGN_IN')!
    fromFrame({
      id: request.message.id,
      type: 'FRAME_SIGN_IN_ERROR',
      payload: { message: 'no login just now', code: 'SIGN_IN_NOT_GRANTED' },
    })
    await expect(refused).resolves.toBeUndefined()

    // A malformed answer is not a signature.
    const malformed = wallet.signInAtLogin(fields)
    await settle()
    answer('APP_SIGN_IN', { message: 42 })
    await expect(malformed).resolves.toBeUndefined()
  })

  it("the account state hears of the signed-in user, the login's sign-in and how the visitor signed in (rules §3); sign-out forgets them", async () => {
    const { wallet, answer, settle, kernel } = await setup()
    const details = () => kernel.store.getState().account.details[EMAIL_CONNECTOR_ID]
    const smart = '0x2222222222222222222222222222222222222222'
    const user = wallet.getUser()
    await settle()
    answer('APP_GET_USER', {
      ...USER,
      accounts: [...USER.accounts, { address: smart, type: 'smartAccount', namespace: 'eip155' }],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
    })
    await user
    expect(details()).toEqual({
      authName: 'email',
      user: {
        email: 'ada@example.com',
        accounts: [
          { namespace: 'eip155', address: USER.address, type: 'eoa' },
          { namespace: 'eip155', address: smart, type: 'smartAccount' },
        ],
      },
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
    })

    const signed = wallet.signInAtLogin(fields)
    await settle()
    answer('APP_SIGN_IN', { message: 'the text the wallet wrote', signature: '0xabc' })
    await signed
    const siwxMessage = { ...fields, serializedMessage: 'the text the wallet wrote' }
    expect(details()?.user).toMatchObject({ message: 'the text the wallet wrote', signature: '0xabc', siwxMessage })
    // The frame sends the user again (an account type switch): the login's sign-in stays.
    const again = wallet.getUser()
    await settle()
    answer('APP_GET_USER', USER)
    await again
    expect(details()).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false, user: { signature: '0xabc', siwxMessage } })

    const signedOut = wallet.signOut()
    await settle()
    answer('APP_SIGN_OUT', {})
    await signedOut
    expect(details()).toEqual({})
  })

  it("a social login's auth name is its provider, and its user name the provider's (rules §3)", () => {
    const user = { ...USER, email: undefined, accounts: [{ ...USER.accounts[0]!, type: 'eoa' as const, namespace: 'eip155' as const }] }
    expect(accountDetailsOf(user, { provider: 'github', userName: 'ada' })).toEqual({
      authName: 'github',
      socialProvider: 'github',
      user: { userName: 'ada', accounts: [{ namespace: 'eip155', address: USER.address, type: 'eoa' }] },
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
  })
})
