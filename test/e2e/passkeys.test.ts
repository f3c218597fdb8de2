// End to end: passkeys for the embedded wallet (docs/wallets.md#passkeys), through the demo, in Chromium, with the
// DevTools protocol's virtual authenticator (PRF on). A visitor signs up by email and adds a passkey in the secure
// frame; the passkey is synced to a second browser (exported with WebAuthn.getCredentials, imported with
// addCredential), which signs in with it alone and gets the same wallet; a removed passkey signs in no more. The
// attacks: the host page cannot start a ceremony without the visitor's click in the frame, and cannot use the
// wallet's passkeys for itself.
import { randomBytes } from 'node:crypto'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openAccount, openDemo, signInWithEmail, useStack } from './harness.js'

const stack = useStack()

type Credential = {
  credentialId: string
  isResidentCredential: boolean
  privateKey: string
  signCount: number
  rpId?: string
  userHandle?: string
}

/** A virtual platform authenticator with user verification and PRF, for the page and the frames in it. */
async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () =>
      ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: Credential[] }).credentials,
    add: (credential: Credential) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  }
}

/** The secure frame, on the wallet's origin. */
const secureFrame = (page: Page) => page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`)

/** The EVM address the open Account view shows. */
async function evmAddress(page: Page) {
  const account = await openAccount(page)
  const toEvm = account.getByRole('button', { name: 'Show Ethereum account' })
  await account.getByRole('button', { name: 'Show Solana account' }).or(toEvm).waitFor()
  if (await toEvm.isVisible()) await toEvm.click()
  await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
  return { account, address: (await page.getByTestId('address').textContent())! }
}

/** 'Continue with passkey' on Connect, then the frame's own button; answers how long the frame's part took. */
async function signInWithPasskey(page: Page) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'Continue with passkey' }).click()
  await page.getByRole('dialog', { name: 'Sign in with a passkey' }).waitFor()
  const button = secureFrame(page).getByRole('button', { name: 'Continue with passkey' })
  await button.waitFor()
  const startedAt = performance.now()
  await button.click()
  await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 }).toBe('connected')
  return performance.now() - startedAt
}

describe('passkeys for the embedded wallet', () => {
  it('a passkey added after an email sign-up signs a second browser in to the same wallet; removed, it signs in no more', async () => {
    // Sign up by email, then add a passkey from Account → Passkeys, in the frame.
    const first = await openDemo(stack)
    const authenticator = await addAuthenticator(first.context, first.page)
    await first.page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(first.page, stack, `passkey-${randomBytes(4).toString('hex')}@example.com`)
    await expect.poll(() => first.page.getByTestId('status').textContent()).toBe('connected')
    const { account, address } = await evmAddress(first.page)
    await account.getByRole('button', { name: 'Passkeys' }).click()
    const passkeys = first.page.getByRole('dialog', { name: 'Passkeys' })
    await passkeys.getByText('No passkey yet.').waitFor()
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await first.page.getByRole('dialog', { name: 'Add a passkey' }).waitFor()
    await secureFrame(first.page).getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(() => passkeys.getByTestId('passkey-row').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => passkeys.getByTestId('passkey-row').textContent()).toContain('Never used')
    const [credential] = await authenticator.credentials()
    expect(credential?.isResidentCredential).toBe(true)
    expect(credential?.rpId).toBe('localhost')
    await passkeys.getByRole('button', { name: 'Close' }).click()
    expect(first.errors).toEqual([])
    await first.context.close()

    // A second browser with the synced passkey only: no email, no code.
    const second = await openDemo(stack)
    await (await addAuthenticator(second.context, second.page)).add(credential!)
    const loginMs = await signInWithPasskey(second.page)
    console.info(`passkey login, click in the frame → connected: ${loginMs.toFixed(0)} ms`)
    const again = await evmAddress(second.page)
    expect(again.address).toBe(address)

    // Remove it: the list is empty, and a third browser with the same passkey is refused.
    await again.account.getByRole('button', { name: 'Passkeys' }).click()
    const list = second.page.getByRole('dialog', { name: 'Passkeys' })
    await expect.poll(() => list.getByTestId('passkey-row').textContent()).toContain('Last used')
    await list.getByRole('button', { name: 'Remove' }).click()
    await list.getByText('No passkey yet.').waitFor()
    expect(second.errors).toEqual([])
    await second.context.close()

    const third = await openDemo(stack)
    await (await addAuthenticator(third.context, third.page)).add(credential!)
    await third.page.getByRole('button', { name: 'Connect', exact: true }).click()
    await third.page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'Continue with passkey' }).click()
    await secureFrame(third.page).getByRole('button', { name: 'Continue with passkey' }).click()
    await third.page.getByRole('dialog', { name: 'Sign in with a passkey' }).getByRole('alert').waitFor({ timeout: 20_000 })
    expect(await third.page.getByRole('alert').first().textContent()).toContain('not registered with this wallet')
    await third.context.close()
  })

  it('the host page can neither start a ceremony without the visitor’s click in the frame nor use the wallet’s passkeys', async () => {
    const { context, page } = await openDemo(stack)
    const authenticator = await addAuthenticator(context, page)
    // A wallet with a passkey this authenticator holds: were the frame to run the ceremony by itself, it would pass.
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, `hostile-${randomBytes(4).toString('hex')}@example.com`)
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    const { account } = await evmAddress(page)
    await account.getByRole('button', { name: 'Passkeys' }).click()
    await page.getByRole('dialog', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click()
    await secureFrame(page).getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(async () => (await authenticator.credentials()).length, { timeout: 20_000 }).toBe(1)
    await expect.poll(() => page.getByRole('dialog', { name: 'Passkeys' }).getByTestId('passkey-row').count()).toBe(1)
    await page.getByRole('dialog', { name: 'Passkeys' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const signCount = (await authenticator.credentials())[0]!.signCount

    // The page's own script asks the frame for a passkey login, as the modal would, and waits: nothing happens until
    // the visitor presses the frame's button. It also tries the wallet's RP ID for itself: the browser refuses.
    const walletOrigin = stack.fixtures.wallet!.url
    const hostile = await page.evaluate(async (origin) => {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}/frame"]`)!
      const answers: string[] = []
      addEventListener('message', (event) => {
        if (event.origin === origin && typeof event.data?.type === 'string') answers.push(event.data.type)
      })
      frame.contentWindow!.postMessage({ id: 'hostile-1', type: 'APP_PASSKEY_LOGIN', payload: {} }, origin)
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      let ownCeremony = 'succeeded'
      try {
        await navigator.credentials.get({
          publicKey: { challenge: new Uint8Array(32), rpId: new URL(origin).hostname, userVerification: 'required' },
        })
      } catch (error) {
        ownCeremony = (error as Error).name
      }
      return { answers, ownCeremony }
    }, walletOrigin)
    expect(hostile.answers).not.toContain('FRAME_PASSKEY_LOGIN_SUCCESS')
    expect(hostile.answers).not.toContain('FRAME_PASSKEY_LOGIN_ERROR')
    expect(hostile.ownCeremony).toBe('SecurityError')
    // The authenticator was never asked: its one passkey's counter is where the registration left it.
    expect((await authenticator.credentials())[0]!.signCount).toBe(signCount)
    await context.close()
  })
})
