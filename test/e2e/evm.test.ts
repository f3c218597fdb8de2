// End to end: the demo as `npm start` serves it, in Chromium, with a test wallet that signs with a
// real anvil key against the real local chains. Nothing here is mocked.
import { describe, expect, it } from 'vitest'
import { createPublicClient, formatEther, http, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { formatBalance } from '../../kernel/model/format.js'
import { connectWallet, openAccount, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const stack = useStack()

async function chainBalance(chainId: string) {
  const client = createPublicClient({ transport: http(stack.chains[chainId]!.rpcUrl) })
  return formatBalance(formatEther(await client.getBalance({ address: account.address })))
}

describe('the demo with a real wallet on anvil', () => {
  it('connects, shows the real balance, and disconnects', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
    const balance = `${await chainBalance('31337')} ETH`
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(balance)

    const dialog = await openAccount(page)
    await expect.poll(() => dialog.getByText(balance).count()).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
    await context.close()
  })

  it('switches to chain 31338 and back through the Networks view', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    await page.getByRole('button', { name: 'Open Networks' }).click()
    await page.getByRole('dialog', { name: 'Choose network' }).getByRole('button', { name: 'Foyer Local B' }).click()
    await expect.poll(() => page.getByTestId('network').textContent()).toBe('Foyer Local B (eip155:31338)')

    await page.getByRole('button', { name: 'Open Networks' }).click()
    await page
      .getByRole('dialog', { name: 'Choose network' })
      .getByRole('button', { name: /^Foyer Local\b(?! B)/ })
      .click()
    await expect.poll(() => page.getByTestId('network').textContent()).toBe('Foyer Local (eip155:31337)')
    await context.close()
  })

  it('signs a message that verifies against the address', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    await expect(verifyMessage({ address: account.address, message: 'Hello from the Foyer demo', signature })).resolves.toBe(true)
    await context.close()
  })

  it('a rejected connection shows the error, and the modal stays usable', async () => {
    const { context, page } = await openDemo(stack)
    await page.evaluate(() => window.__testWallet.reject('eth_requestAccounts'))
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('button', { name: /^Test Wallet/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Test Wallet' })
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Connection rejected')

    await page.evaluate(() => window.__testWallet.approve('eth_requestAccounts'))
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)

    // A rejected signature is reported to the page and changes nothing else.
    await page.evaluate(() => window.__testWallet.reject('personal_sign'))
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Signing failed')
    await expect(page.getByTestId('status').textContent()).resolves.toBe('connected')
    await context.close()
  })

  it('reconnects after a reload without asking again', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    await page.reload()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
    // The test wallet approves anything, so an address alone would not show that nothing was asked.
    expect(await page.evaluate(() => window.__testWallet.evmPrompts)).toEqual([])
    await context.close()
  })

  it('keyboard only — open, move through the wallets, connect, Escape, focus back on the button', async () => {
    const { context, page } = await openDemo(stack)
    const connectButton = page.getByRole('button', { name: 'Connect', exact: true })
    await connectButton.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Connect a wallet' }).waitFor()
    const focusedName = () =>
      page.evaluate(() => {
        let active = document.activeElement
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
        return active?.textContent ?? ''
      })
    for (let step = 0; step < 30 && !(await focusedName()).startsWith('Test Wallet'); step++) await page.keyboard.press('Tab')
    expect(await focusedName()).toMatch(/^Test Wallet/)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-foyer-connect-button'))).toBe('')

    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-foyer-connect-button'))).toBe(true)
    await context.close()
  })
  it("under a Content-Security-Policy with style-src 'self' (no 'unsafe-inline', no nonce) the modal is styled and connects", async () => {
    const { context, page } = await stack.newPage()
    // The page's own HTML answers with the policy, as a strict host would send it.
    await page.route(stack.demoUrl, async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "style-src 'self'" } })
    })
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' })
    await dialog.waitFor()
    // A refused stylesheet would leave the dialog unstyled: transparent, in the page's flow.
    const style = await dialog.evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      styleElements: (element.getRootNode() as ShadowRoot).querySelectorAll('style').length,
    }))
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)')
    expect(style.styleElements).toBe(0)
    await dialog.getByRole('button', { name: /^Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
    await context.close()
  })
})
