// End to end: buying crypto in the demo from the local coinbase stand-in, in Chromium, against the real blockchain
// API and the local chains. The provider's checkout opens in its own window; its confirmation makes the treasury pay,
// and the wallet's balance, read from the chain, rises by exactly the quoted purchase amount; Activity lists the
// purchase. The same for SOL on the local SVM; a checkout closed without paying moves nothing.
import { describe, expect, it } from 'vitest'
import { createSolanaRpc, type Address as SolanaAddress } from '@solana/kit'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { connectWallet, openAccount, openDemo, pickOption, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const stack = useStack()

/** What the API quotes now, as the plugin asks it: the amount the payout must match. */
async function quotedPurchase(purchaseCurrency: string, network: string, amount: string): Promise<string> {
  const response = await fetch(`${stack.fixtures.api.url}/v1/onramp/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      projectId: 'e2e',
      provider: 'coinbase',
      purchaseCurrency,
      paymentCurrency: 'USD',
      amount,
      network,
      paymentMethod: 'card',
    }),
  })
  return ((await response.json()) as { purchaseAmount: { value: string } }).purchaseAmount.value
}

/** Account → Buy; the token chosen and the amount typed; the coinbase quote chosen. */
async function chooseCoinbase(page: Page, token: string, amount: string): Promise<Locator> {
  const accountView = await openAccount(page)
  await accountView.getByRole('button', { name: 'Buy', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Buy crypto' })
  const tokenPicker = dialog.getByRole('combobox', { name: 'Token to buy' })
  // rules §3: USDC is the default where it is sold.
  await expect.poll(() => tokenPicker.textContent()).toContain(token === 'SOL' ? 'USDC' : token)
  await pickOption(dialog, 'Token to buy', token)
  await dialog.getByRole('textbox', { name: 'Amount to pay' }).fill(amount)
  const coinbase = dialog.getByTestId('onramp-provider-coinbase')
  await expect.poll(() => coinbase.textContent()).toContain(`Fee`)
  await coinbase.click()
  return dialog
}

/** Continue: the checkout window opens on the provider's page. */
async function openCheckout(context: BrowserContext, page: Page, dialog: Locator): Promise<Page> {
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Continue with Coinbase' }).click(),
  ])
  await checkout.waitForURL(/\/onramp\/checkout\//, { timeout: 15_000 })
  await page.getByRole('dialog', { name: 'Buy in progress' }).waitFor()
  return checkout
}

describe('onramp', () => {
  it('50 USD of USDC from coinbase: the checkout window, confirm, the balance on anvil rises by the quoted amount; Activity shows the purchase', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdc = () =>
      reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })

    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)

    // A checkout closed without paying moves nothing, and the view says so.
    const before = await usdc()
    let dialog = await chooseCoinbase(page, 'USDC', '20')
    let checkout = await openCheckout(context, page, dialog)
    await checkout.close()
    const progress = page.getByRole('dialog', { name: 'Buy in progress' })
    await expect.poll(() => progress.getByTestId('onramp-ended').textContent()).toBe('The checkout was closed without paying.')
    expect(await usdc()).toBe(before)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    const quoted = await quotedPurchase('USDC', 'local-31337', '50.00')
    expect(quoted).toBe('49')
    dialog = await chooseCoinbase(page, 'USDC', '50')
    await expect.poll(() => dialog.getByTestId('onramp-provider-coinbase').textContent()).toBe('Coinbase49 USDC · Fee 1.00 USD')
    checkout = await openCheckout(context, page, dialog)
    await expect.poll(() => checkout.getByTestId('checkout-total').textContent()).toBe('50.00 USD')
    await checkout.getByRole('button', { name: 'Confirm purchase' }).click()
    await checkout.getByTestId('checkout-paid').waitFor({ timeout: 20_000 })
    await expect.poll(() => progress.getByTestId('onramp-paid').textContent()).toBe('49 USDC arrived in your wallet.')
    const hash = await progress.getByTestId('onramp-hash').textContent()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await usdc()) - before).toBe(parseUnits(quoted, 6))
    await checkout.close()

    // Activity lists the purchase, newest first, once the API has indexed its block.
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const accountView = await openAccount(page)
    await expect
      .poll(
        async () => {
          await accountView.getByRole('tab', { name: 'Tokens' }).click()
          await accountView.getByRole('tab', { name: 'Activity' }).click()
          return (await accountView.getByTestId('activity-row').allTextContents())[0]
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/^Bought.*\+49 USDC$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('SOL from coinbase on the local SVM: the balance rises by the quoted amount; Activity shows the purchase', async () => {
    const rpc = createSolanaRpc(stack.solana.rpcUrl)
    const lamports = async () => (await rpc.getBalance(TEST_WALLET_ADDRESS as SolanaAddress).send()).value
    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)

    const quoted = await quotedPurchase('SOL', 'solana-local', '50.00')
    expect(quoted).toBe('0.326666666')
    const before = await lamports()
    const dialog = await chooseCoinbase(page, 'SOL', '50')
    const checkout = await openCheckout(context, page, dialog)
    await checkout.getByRole('button', { name: 'Confirm purchase' }).click()
    const progress = page.getByRole('dialog', { name: 'Buy in progress' })
    await expect.poll(() => progress.getByTestId('onramp-paid').textContent()).toBe('0.326666 SOL arrived in your wallet.')
    expect((await lamports()) - before).toBe(326_666_666n)
    await checkout.close()

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const accountView = await openAccount(page)
    await accountView.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(async () => (await accountView.getByTestId('activity-row').allTextContents())[0]).toMatch(/^Bought.*\+0\.326 SOL$/)
    expect(errors).toEqual([])
    await context.close()
  })
})
