// End to end: the legal checkbox in the demo (`?legal=1`), in Chromium, against the real local stack with the embedded
// wallet, so every way to connect is there: email, the social buttons, the wallets (WalletConnect among them) and All
// Wallets. None works before the box is ticked from the keyboard; the links open the demo's terms and policy in a new
// tab without ticking it; once ticked, a wallet connects.
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { openDemo, TEST_KEY, useStack } from './harness.js'

const alice = privateKeyToAccount(TEST_KEY)
const stack = useStack()

describe('legal checkbox in the demo', () => {
  it('every way to connect is disabled until the visitor ticks the box; then a wallet connects', async () => {
    const { context, page, errors } = await openDemo(stack)
    await page.goto(`${stack.demoUrl}?legal=1`)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' })
    const box = dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' })
    await box.waitFor()
    expect(await box.isChecked()).toBe(false)

    const ways = [
      dialog.getByRole('textbox', { name: 'Email address' }),
      dialog.getByRole('button', { name: 'Continue with Google' }),
      dialog.getByRole('button', { name: 'WalletConnect' }),
      dialog.getByRole('button', { name: /^Test Wallet/ }),
      dialog.getByRole('button', { name: 'All wallets' }),
    ]
    for (const way of ways) {
      await way.waitFor()
      expect(await way.isDisabled()).toBe(true)
    }
    // A click on a disabled wallet does nothing: the view stays, nobody connects. Nothing happening can only be
    // watched for a while: half a second is ample for the wallet to be asked (the connection below takes less).
    await ways[3]!.click({ force: true })
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => window.__testWallet.evmPrompts)).toEqual([])
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')
    expect(await dialog.getByRole('checkbox').count()).toBe(1)

    // The terms open in a tab of their own; following the link does not tick the box.
    const [terms] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Terms of Service' }).click()])
    await terms.waitForLoadState()
    expect(new URL(terms.url()).pathname).toBe('/legal.html')
    expect(new URL(terms.url()).hash).toBe('#terms')
    await terms.close()
    expect(await box.isChecked()).toBe(false)

    // Ticked from the keyboard, as a visitor without a mouse would.
    await box.focus()
    await page.keyboard.press('Space')
    expect(await box.isChecked()).toBe(true)
    for (const way of ways) expect(await way.isDisabled()).toBe(false)

    await ways[3]!.click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(alice.address)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('without the flag the demo shows no checkbox and connecting is not held back', async () => {
    const { page } = await openDemo(stack)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' })
    const wallet = dialog.getByRole('button', { name: /^Test Wallet/ })
    await wallet.waitFor()
    expect(await wallet.isDisabled()).toBe(false)
    expect(await dialog.getByRole('checkbox').count()).toBe(0)
  })
})
