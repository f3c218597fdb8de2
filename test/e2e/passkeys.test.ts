// End to end: passkeys for the embedded wallet (docs/wallets.md#passkeys), through the demo, in Chromium, with the
// DevTools protocol's virtual authenticator (PRF on). A visitor signs up by email and adds a passkey in the secure
// frame. Then the browser forgets everything but the passkey (its cookies, its storage, the frame's key share) and signs
// in with the passkey alone: the passkey's PRF output opens the share the frame wrapped for it, and the wallet signs a
// message and sends a transaction on anvil with the same address, with no code and no recovery phrase. The passkey is
// also synced to a second browser (exported with WebAuthn.getCredentials, imported with addCredential), which signs in
// with it to the same wallet; a removed passkey signs in no more. (The DevTools protocol copies a passkey without its
// PRF secret, so the copy signs in but opens no share: the signing browser is the first one, wiped.) The
// attacks: the host page cannot start a ceremony without the visitor's click in the frame, cannot use the wallet's
// passkeys for itself, and cannot read the recovery phrase of the sign-up's backup prompt or the keys of key export,
// which the frame alone shows.
import { randomBytes } from 'node:crypto'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { approveInFrame, mailCount, mailedCode, openAccount, openDemo, savePhraseInFrame, signInWithEmail, useStack } from './harness.js'

const stack = useStack()
const MESSAGE = 'Hello from the Foyer demo'
const RECEIVER = '0x90F79bf6EB2c4f870365E5A6b1F6d6e3B1F2A9c8' // anvil account #3

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

/**
 * What the host page's own script gets when it tries to read `secret`, which the frame shows: the frame's document (none:
 * another origin), and whether the text of the page, the modal's shadow root included, contains it.
 */
async function hostReads(page: Page, secret: string) {
  return page.evaluate(
    ({ origin, secret }) => {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}/frame"]`)!
      let frameText = 'read'
      try {
        frameText = frame.contentWindow!.document.body.textContent ?? ''
      } catch (error) {
        frameText = (error as Error).name
      }
      const texts = [
        document.body.textContent ?? '',
        ...[...document.querySelectorAll('*')].map((element) => element.shadowRoot?.textContent ?? ''),
      ]
      return { contentDocument: frame.contentDocument === null, frameText, pageHasIt: texts.some((text) => text.includes(secret)) }
    },
    { origin: stack.fixtures.wallet!.url, secret },
  )
}

/** The page's own script posts `type` to the frame, as the modal would, and answers the frame's reply. */
async function frameAnswer(page: Page, type: string) {
  return page.evaluate(
    ({ origin, type }) =>
      new Promise<{ type: string; payload: unknown }>((resolve) => {
        const id = `page-${Math.random().toString(36).slice(2)}`
        addEventListener('message', (event) => {
          if (event.origin === origin && event.data?.id === id) resolve(event.data)
        })
        const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}/frame"]`)!
        frame.contentWindow!.postMessage({ id, type, payload: {} }, origin)
      }),
    { origin: stack.fixtures.wallet!.url, type },
  )
}

const UNREADABLE = { contentDocument: true, frameText: 'SecurityError', pageHasIt: false }

/** Gives `address` 1 ETH on anvil, before the page first reads its balance. */
async function fund(address: Hex) {
  const chain = createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) })
  await chain.request({ method: 'anvil_setBalance' as never, params: [address, '0xde0b6b3a7640000'] as never })
}

/**
 * The browser forgets the wallet but keeps its authenticator: the site's and the wallet's cookies, the page's storage
 * and the frame's key share (its IndexedDB), as a new browser with a synced passkey would be.
 */
async function forgetAllButThePasskey(context: BrowserContext, page: Page) {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${stack.fixtures.wallet!.url}/frame`))!
  const databases = await frame.evaluate(async () => {
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase('foyer-wallet')
      request.onsuccess = resolve
      request.onerror = reject
      request.onblocked = reject
    })
    return (await indexedDB.databases()).map((database) => database.name)
  })
  expect(databases).toEqual([])
  await context.clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
}

/**
 * The wallet signs a message and sends 0.01 ETH on anvil (`owner` has some: `fund`), each approved in the frame: the
 * signature is `owner`'s, and anvil mined the transaction from `owner`.
 */
async function signAndSend(page: Page, owner: Hex) {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await approveInFrame(page, stack)
  await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address: owner, message: MESSAGE, signature })).toBe(true)
  await page.getByRole('dialog').waitFor({ state: 'detached' })

  const account = await openAccount(page)
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect.poll(() => send.getByRole('combobox', { name: 'Token' }).textContent()).toContain('ETH')
  await send.getByRole('textbox', { name: 'Amount' }).fill('0.01')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(RECEIVER)
  await send.getByRole('button', { name: 'Preview' }).click()
  await send.getByRole('button', { name: 'Send now' }).click()
  await approveInFrame(page, stack)
  const sent = page.getByRole('dialog', { name: 'Send' }).getByTestId('send-hash')
  await expect.poll(() => sent.textContent()).toMatch(/^0x[0-9a-f]{64}$/)
  const chain = createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) })
  const receipt = await chain.waitForTransactionReceipt({ hash: (await sent.textContent()) as Hex })
  expect(receipt).toMatchObject({ status: 'success', from: owner.toLowerCase(), to: RECEIVER.toLowerCase() })
  expect((await chain.getTransaction({ hash: receipt.transactionHash })).value).toBe(parseEther('0.01'))
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

describe('passkeys for the embedded wallet', () => {
  it('with only a passkey added after an email sign-up, a browser signs in, signs and sends on anvil with the same address; a synced copy signs in too; removed, it signs in no more', async () => {
    // Sign up by email, then add a passkey from Account → Passkeys, in the frame.
    const first = await openDemo(stack, { backupPrompt: true })
    const authenticator = await addAuthenticator(first.context, first.page)
    await first.page.getByRole('button', { name: 'Connect', exact: true }).click()
    const email = `passkey-${randomBytes(4).toString('hex')}@example.com`
    await signInWithEmail(first.page, stack, email)
    // The new wallet's backup prompt: its recovery phrase, shown in the frame, which the page cannot read.
    const backup = first.page.getByRole('dialog', { name: 'Back up your wallet' })
    await backup.getByRole('button', { name: 'Save recovery phrase' }).click()
    const words = secureFrame(first.page).locator('#backup-words li')
    await expect.poll(() => words.count()).toBe(12)
    const shown = (await words.allTextContents()).join(' ')
    expect(validateMnemonic(shown, wordlist)).toBe(true)
    expect(await hostReads(first.page, shown)).toEqual(UNREADABLE)
    // "I saved it", then two of the words typed back.
    expect(await savePhraseInFrame(secureFrame(first.page))).toBe(shown)
    await first.page.getByRole('dialog').waitFor({ state: 'detached' })
    // Saved, the phrase is gone from the frame's memory: asked again (as a hostile page might), the frame shows no words
    // but mails the visitor a code first, as key export does, and waits in its own panel.
    const mailed = await mailCount(stack, email)
    void frameAnswer(first.page, 'APP_BACKUP_PHRASE')
    await expect.poll(() => mailCount(stack, email)).toBe(mailed + 1)
    await secureFrame(first.page)
      .getByText(/six digits we just mailed you/)
      .waitFor({ state: 'attached' })
    expect(await words.count()).toBe(0)
    expect((await frameAnswer(first.page, 'APP_KEYS_ABORT')).type).toBe('FRAME_KEYS_ABORT_SUCCESS')
    await expect.poll(() => first.page.getByTestId('status').textContent()).toBe('connected')
    const { account, address } = await evmAddress(first.page)
    await fund(address as Hex)
    await account.getByRole('button', { name: 'Passkeys' }).click()
    const passkeys = first.page.getByRole('dialog', { name: 'Passkeys' })
    await passkeys.getByText('No passkey yet.').waitFor()
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await first.page.getByRole('dialog', { name: 'Add a passkey' }).waitFor()
    await secureFrame(first.page).getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(() => passkeys.getByTestId('passkey-row').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => passkeys.getByTestId('passkey-row').textContent()).toContain('Never used')
    await passkeys.getByRole('button', { name: 'Close' }).click()
    await first.page.getByRole('dialog').waitFor({ state: 'detached' })

    // The same browser with nothing but its passkey: no session, no device share, no phrase.
    await forgetAllButThePasskey(first.context, first.page)
    await signInWithPasskey(first.page)
    const restored = await evmAddress(first.page)
    expect(restored.address).toBe(address)
    await restored.account.getByRole('button', { name: 'Close' }).click()
    await first.page.getByRole('dialog').waitFor({ state: 'detached' })
    await signAndSend(first.page, address as Hex)
    expect(first.errors).toEqual([])
    // Copied now, with the counter its login moved on: the service refuses a passkey whose counter goes back.
    const [credential] = await authenticator.credentials()
    expect(credential?.isResidentCredential).toBe(true)
    expect(credential?.rpId).toBe('localhost')
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

  it('the host page can neither start a ceremony without the visitor’s click in the frame, use the wallet’s passkeys, nor read the keys the frame exports', async () => {
    const { context, page } = await openDemo(stack, { backupPrompt: true })
    const authenticator = await addAuthenticator(context, page)
    // A wallet with a passkey this authenticator holds, added from the sign-up's backup prompt: were the frame to run
    // the ceremony by itself, it would pass.
    const email = `hostile-${randomBytes(4).toString('hex')}@example.com`
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, email)
    await page.getByRole('dialog', { name: 'Back up your wallet' }).getByRole('button', { name: 'Add a passkey' }).click()
    await secureFrame(page).getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(async () => (await authenticator.credentials()).length, { timeout: 20_000 }).toBe(1)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    const signCount = (await authenticator.credentials())[0]!.signCount

    // Account → Export keys: a fresh code typed in the frame, then the keys, in the frame alone; the EVM key is the
    // wallet's, and the page's script cannot read it.
    const { account, address } = await evmAddress(page)
    const mailed = await mailCount(stack, email)
    await account.getByRole('button', { name: 'Export keys' }).click()
    await page
      .getByRole('dialog', { name: 'Export keys' })
      .getByText(/Anyone who sees your keys/)
      .waitFor()
    const exported = secureFrame(page)
    await exported.getByRole('heading', { name: 'Export your keys' }).waitFor()
    await exported.getByLabel('Code').fill(await mailedCode(stack, email, mailed))
    await exported.getByRole('button', { name: 'Show keys' }).click()
    await exported
      .locator('#export-evm')
      .filter({ hasText: /^0x[0-9a-f]{64}$/ })
      .waitFor()
    const key = (await exported.locator('#export-evm').textContent()) as Hex
    expect(privateKeyToAccount(key).address).toBe(address)
    expect(await hostReads(page, key.slice(2))).toEqual(UNREADABLE)
    await exported.getByRole('button', { name: 'Hide and close' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })

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

    // The sign-up's phrase (still in the frame's memory: the prompt's passkey was chosen) goes at sign-out, so the
    // next session in this document, whoever's, cannot have it shown.
    expect((await frameAnswer(page, 'APP_SIGN_OUT')).type).toBe('FRAME_SIGN_OUT_SUCCESS')
    expect(await frameAnswer(page, 'APP_BACKUP_PHRASE')).toMatchObject({ payload: { code: 'NOT_CONNECTED' } })
    await context.close()
  })
})
