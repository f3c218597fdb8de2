// End to end: a returning visitor of the embedded wallet (services/wallet/KEYS.md), with several browser
// profiles (each a browser context with its own cookies and storage, the frame's partitioned IndexedDB included). A
// visitor signs up in one; on a second, new to the wallet, the mail's device link is opened and confirmed by a real
// click on the page it opens, and the visitor signs in to the same wallet. The attack: a page of another site that
// posts the same link's token confirms nothing.
import { randomBytes } from 'node:crypto'
import { chromium, type Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { mailsTo } from '../mailbox.js'
import { mailCount, mailedCode, openAccount, openDemo, signInWithEmail, useStack } from './harness.js'

const stack = useStack()

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

/** A visitor signs up by email in a fresh profile, and leaves it; answers the wallet's EVM address. */
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
  it('on a new browser, confirms it by a real click on the page the mailed link opens, and signs in to the same wallet; another site cannot confirm it', async () => {
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
