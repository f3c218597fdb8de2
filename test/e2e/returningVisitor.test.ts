// End to end: a returning visitor of the embedded wallet (docs/wallets.md#returning-visitors), with several browser
// profiles (each a browser context with its own cookies and storage, the frame's partitioned IndexedDB included). A
// visitor signs up in one; on a second, new to the wallet, the mail's device link is opened and confirmed by a real
// click on the page it opens, the visitor signs in to the same wallet and recovers it with the phrase saved at
// sign-up, and sends from the same address on anvil. The skip path: only through a warning, "Not backed up" on Account,
// the prompt back when funds arrive and before the first transaction, the phrase shown later for a mailed code. A
// browser with no share of a wallet never backed up says what happened. A browser that blocks storage for embedded
// sites says why before any code is mailed. The attack: a page of another site that posts the link's token confirms
// nothing. (Recovery with a passkey on a wiped browser: test/e2e/passkeys.test.ts.)
import { randomBytes } from 'node:crypto'
import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { mailsTo } from '../mailbox.js'
import { approveInFrame, mailCount, mailedCode, openAccount, openDemo, savePhraseInFrame, signInWithEmail, useStack } from './harness.js'

const stack = useStack()
const MESSAGE = 'Hello from the Foyer demo'
const RECEIVER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' // anvil account #4

/** The secure frame, on the wallet's origin. */
const secureFrame = (page: Page) => page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`)

/** Gives `address` 1 ETH on anvil's chain 31337. */
async function fund(address: string) {
  const chain = createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) })
  await chain.request({ method: 'anvil_setBalance' as never, params: [address, '0xde0b6b3a7640000'] as never })
}

/** 'Save recovery phrase' in the prompt: the twelve words the frame shows, "I saved it", and two of them typed back. */
async function savePhrase(page: Page) {
  await page.getByRole('dialog', { name: 'Back up your wallet' }).getByRole('button', { name: 'Save recovery phrase' }).click()
  const phrase = await savePhraseInFrame(secureFrame(page))
  expect(validateMnemonic(phrase, wordlist)).toBe(true)
  return phrase
}

/** Whether the open Account view says the wallet is not backed up. */
async function notBackedUp(account: ReturnType<Page['getByRole']>) {
  await account.getByRole('button', { name: 'Disconnect' }).waitFor()
  return account.getByRole('button', { name: /^Not backed up/ }).isVisible()
}

/**
 * A known visitor on a profile new to the wallet: the email, the device link mailed to them opened and confirmed by a
 * real click, then the code; the modal closes.
 */
async function signInOnNewBrowser(context: BrowserContext, page: Page, email: string) {
  stack.wallet!.passTime(30_000)
  const mailed = await mailCount(stack, email)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
  await connect.getByRole('textbox', { name: 'Email address' }).fill(email)
  await connect.getByRole('button', { name: 'Continue with email' }).click()
  const link = await mailedDeviceLink(email, mailed)
  const mailTab = await context.newPage()
  await mailTab.goto(link)
  await mailTab.getByRole('button', { name: 'Confirm device' }).click()
  await mailTab.getByRole('heading', { name: 'Device confirmed' }).waitFor()
  await mailTab.close()
  const login = page.getByRole('dialog', { name: 'Sign in with email' })
  await login.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: 30_000 })
  await login.getByRole('textbox', { name: 'Code' }).fill(await mailedCode(stack, email, mailed + 1))
  await login.getByRole('button', { name: 'Verify' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
}

/** Send → 0.01 ETH to RECEIVER, up to the frame's approval; answers the Send dialog. */
async function startSend(page: Page) {
  const account = await openAccount(page)
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect.poll(() => send.getByRole('combobox', { name: 'Token' }).textContent()).toContain('ETH')
  await send.getByRole('textbox', { name: 'Amount' }).fill('0.01')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(RECEIVER)
  await send.getByRole('button', { name: 'Preview' }).click()
  await send.getByRole('button', { name: 'Send now' }).click()
  return send
}

/** The sent transaction, mined on anvil from `owner` to RECEIVER with 0.01 ETH. */
async function expectSentFrom(page: Page, owner: string) {
  const sent = page.getByRole('dialog', { name: 'Send' }).getByTestId('send-hash')
  await expect.poll(() => sent.textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
  const chain = createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) })
  const receipt = await chain.waitForTransactionReceipt({ hash: (await sent.textContent()) as Hex })
  expect(receipt).toMatchObject({ status: 'success', from: owner.toLowerCase(), to: RECEIVER.toLowerCase() })
  expect((await chain.getTransaction({ hash: receipt.transactionHash })).value).toBe(parseEther('0.01'))
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** The EVM address the open Account view shows (it may open on the Solana account). */
async function evmAddress(page: Page) {
  const account = await openAccount(page)
  const toEvm = account.getByRole('button', { name: 'Show Ethereum account' })
  await account.getByRole('button', { name: 'Show Solana account' }).or(toEvm).waitFor()
  if (await toEvm.isVisible()) await toEvm.click()
  await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:')
  const address = (await page.getByTestId('address').textContent())!
  await account.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  return address
}

/** The device link in the newest mail to `email`, once more than `after` mails have come. */
async function mailedDeviceLink(email: string, after: number) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = await mailsTo(stack.fixtures.mail!.url, email)
      link = mails.length > after ? /(http\S+\/device\/confirm\?token=\S+)/.exec(mails.at(-1)?.text ?? '')?.[1] : undefined
      return link
    })
    .toBeDefined()
  return link!
}

/**
 * A visitor signs up by email in a fresh profile (by default one who skips every backup prompt) and leaves it; answers
 * the wallet's EVM address.
 */
async function signUp(email: string) {
  const { context, page, errors } = await openDemo(stack)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await signInWithEmail(page, stack, email)
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
  const address = await evmAddress(page)
  expect(errors).toEqual([])
  await context.close()
  return address
}

describe('a returning visitor of the embedded wallet', () => {
  // One visitor for the device link and for a browser with no share: both start from a wallet never backed up, signed
  // in again on a second profile (a sign-up and a sign-in fewer than as two tests).
  it('on a new browser, confirms it by a real click on the page the mailed link opens, and signs in to the same wallet; another site cannot confirm it; with no share of a wallet never backed up, that browser says what happened instead of asking for a phrase', async () => {
    const email = `returning-${randomBytes(4).toString('hex')}@example.com`
    const address = await signUp(email)

    // A second profile: the wallet has never seen this browser, so it mails a device link first.
    const { context, page, errors } = await openDemo(stack)
    stack.wallet!.passTime(30_000)
    const mailed = await mailCount(stack, email)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
    await connect.getByRole('textbox', { name: 'Email address' }).fill(email)
    await connect.getByRole('button', { name: 'Continue with email' }).click()
    const login = page.getByRole('dialog', { name: 'Sign in with email' })
    await login.getByText('This browser is new to your wallet.', { exact: false }).waitFor({ timeout: 30_000 })
    const link = await mailedDeviceLink(email, mailed)

    // A page of another site posts the link's token to the wallet (a CSRF): refused, and the link still works after.
    const hostile = await context.newPage()
    await hostile.goto(stack.demoUrl)
    await Promise.all([
      hostile.waitForURL(`${stack.fixtures.wallet!.url}/device/confirm`),
      hostile.evaluate(
        ({ action, token }) => {
          const form = document.createElement('form')
          form.method = 'post'
          form.action = action
          const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'token', value: token })
          form.append(field)
          document.body.append(form)
          form.submit()
        },
        { action: `${stack.fixtures.wallet!.url}/device/confirm`, token: new URL(link).searchParams.get('token')! },
      ),
    ])
    await hostile.getByRole('heading', { name: 'Device not confirmed' }).waitFor()
    await hostile.close()

    // The visitor opens the mail's link (a new tab of this browser) and presses the page's own button.
    const mailTab = await context.newPage()
    await mailTab.goto(link)
    await mailTab.getByRole('button', { name: 'Confirm device' }).click()
    await mailTab.getByRole('heading', { name: 'Device confirmed' }).waitFor()
    // Used: the same link again says so.
    await mailTab.goto(link)
    await mailTab.getByRole('button', { name: 'Confirm device' }).click()
    await mailTab.getByRole('heading', { name: 'Link expired' }).waitFor()
    await mailTab.close()

    // The waiting browser goes on to the code, and signs in to the same wallet.
    await login.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: 30_000 })
    await login.getByRole('textbox', { name: 'Code' }).fill(await mailedCode(stack, email, mailed + 1))
    await login.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    expect(await evmAddress(page)).toBe(address)

    // The wallet was never backed up, and this browser has no share of it: asked to sign, the frame says what happened
    // and what the visitor can do, instead of asking for a phrase they never saw.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await page.getByRole('dialog', { name: 'Approve request' }).waitFor()
    const frame = secureFrame(page)
    await frame.getByText('This browser cannot open this wallet.').waitFor()
    await expect.poll(() => frame.getByText(/Sign in there and back the wallet up/).isVisible()).toBe(true)
    expect(await frame.getByLabel(/recovery phrase/).isHidden()).toBe(true)
    // It cannot sign: Approve stays off (Reject arms as usual).
    await expect.poll(() => frame.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true)
    expect(await frame.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    // A visitor who wrote the words down anyway can still type them.
    await frame.getByRole('button', { name: 'I wrote down its recovery phrase' }).click()
    await frame.getByLabel(/recovery phrase/).waitFor()
    await frame.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Signing failed')
    expect(errors).toEqual([])
    await context.close()
  })

  it('saves the phrase at sign-up; a second profile signs in by device link, recovers with it at its first approval, and signs and sends from the same address on anvil', async () => {
    const email = `phrase-${randomBytes(4).toString('hex')}@example.com`
    const first = await openDemo(stack, { backupPrompt: true })
    await first.page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(first.page, stack, email)
    const phrase = await savePhrase(first.page)
    await first.page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    const address = await evmAddress(first.page)
    // Backed up: Account says nothing about it.
    expect(await notBackedUp(await openAccount(first.page))).toBe(false)
    await fund(address)
    expect(first.errors).toEqual([])
    await first.context.close()

    // A new profile: no share of the key. Signed in by the device link, its first approval asks for the phrase.
    const second = await openDemo(stack, { backupPrompt: true })
    await signInOnNewBrowser(second.context, second.page, email)
    expect(await evmAddress(second.page)).toBe(address)
    await second.page.getByRole('button', { name: 'Sign a message' }).click()
    await second.page.getByRole('dialog', { name: 'Approve request' }).waitFor()
    const phraseField = secureFrame(second.page).getByLabel(/recovery phrase/)
    await phraseField.fill(phrase)
    await approveInFrame(second.page, stack)
    await expect.poll(() => second.page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await second.page.getByTestId('signature').textContent()) as Hex
    expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
    await second.page.getByRole('dialog').waitFor({ state: 'detached' })
    // Kept as this browser's share: the transaction asks for no phrase, and anvil mines it from the same address.
    await startSend(second.page)
    await second.page.getByRole('dialog', { name: 'Approve request' }).waitFor()
    expect(await phraseField.isHidden()).toBe(true)
    await approveInFrame(second.page, stack)
    await expectSentFrom(second.page, address)
    expect(second.errors).toEqual([])
    await second.context.close()
  })

  it('skips the backup only through its warning; Account says Not backed up; the prompt comes back when funds arrive and before the first transaction; the phrase shown later takes a mailed code', async () => {
    const email = `skipper-${randomBytes(4).toString('hex')}@example.com`
    const { context, page, errors } = await openDemo(stack, { backupPrompt: true })
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, email)
    const prompt = page.getByRole('dialog', { name: 'Back up your wallet' })
    await prompt.getByRole('button', { name: 'Skip' }).click()
    // The warning names what is lost.
    await expect.poll(() => prompt.getByRole('alert').textContent()).toContain('the wallet and everything in it are lost for good')
    await prompt.getByRole('button', { name: 'Skip anyway' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    const address = await evmAddress(page)
    expect(await notBackedUp(await openAccount(page))).toBe(true)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // A message signs without the prompt: it moves nothing.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Funds arrive: the next time Account shows the balance, the prompt comes back; skipped again, through the warning.
    await fund(address)
    // The balance kept from before (rules §3, 30 s) came from outside the page: dropped, so Account reads the new one.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.includes('cache:')) localStorage.removeItem(key)
    })
    await page.reload()
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 }).toBe('connected')
    await page.getByRole('button', { name: 'Open Account' }).click()
    await prompt.getByText('Back up your wallet before it receives anything', { exact: false }).waitFor({ timeout: 20_000 })
    await prompt.getByRole('button', { name: 'Skip' }).click()
    await prompt.getByRole('button', { name: 'Skip anyway' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    expect(await notBackedUp(account)).toBe(true)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // The first transaction: the prompt before the approval. This time the visitor saves the phrase, which (the sign-up
    // long gone from this page) takes a code mailed now, typed in the frame.
    const mailed = await mailCount(stack, email)
    await startSend(page)
    await prompt.getByText('Back up your wallet before it sends anything', { exact: false }).waitFor()
    await prompt.getByRole('button', { name: 'Save recovery phrase' }).click()
    const code = secureFrame(page).getByLabel(/six digits we just mailed you/)
    await code.fill(await mailedCode(stack, email, mailed))
    await secureFrame(page).getByRole('button', { name: 'Show the words' }).click()
    expect(validateMnemonic(await savePhraseInFrame(secureFrame(page)), wordlist)).toBe(true)
    // Backed up: the approval follows, and the transaction goes through.
    await approveInFrame(page, stack)
    await expectSentFrom(page, address)
    expect(await notBackedUp(await openAccount(page))).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('in a browser that blocks storage for embedded sites, the modal says why before any code is mailed, never "An error occurred"', async () => {
    // Playwright's own flags, which turn storage partitioning off: the cross-site frame then gets no IndexedDB, as in a
    // browser whose policy or settings block third-party storage.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs.filter((arg) => !arg.startsWith('--disable-features=')),
    })
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(stack.demoUrl)
      const email = `blocked-${randomBytes(4).toString('hex')}@example.com`
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
      await connect.getByRole('textbox', { name: 'Email address' }).fill(email)
      await connect.getByRole('button', { name: 'Continue with email' }).click()
      const alert = page.getByRole('dialog', { name: 'Sign in with email' }).getByRole('alert')
      await expect
        .poll(() => alert.textContent(), { timeout: 30_000 })
        .toContain('This browser blocks storage for sites embedded in other sites')
      expect(await alert.textContent()).not.toContain('An error occurred')
      // Nothing was mailed: the visitor never waits for a code that could not lead to a wallet.
      expect(await mailCount(stack, email)).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
