// End to end: the demo (the host) calls `pay` for 10 USDC to a merchant; the visitor pays from the connected wallet
// in the Pay view, through Send's transfer, on anvil. The promise resolves with the hash of a mined transfer, and the
// merchant's USDC balance, read from the chain, rose by exactly 10. The same from the exchange stand-in (the API's
// on-ramp treasury pays), whose window shows the deposit address.
import { describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { connectWallet, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
// demo/App.tsx's DEMO_MERCHANT: anvil's account #2.
const MERCHANT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const stack = useStack()

describe('pay', () => {
  it('the host pays 10 USDC from the connected wallet; the promise resolves with the hash; the recipient has 10 more', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdcOf = (holder: Address) =>
      reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })

    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    const [merchantBefore, payerBefore] = await Promise.all([usdcOf(MERCHANT), usdcOf(account.address)])

    await page.getByRole('button', { name: 'Pay 10 USDC' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pay' })
    await expect.poll(() => dialog.getByTestId('pay-summary').textContent()).toBe('Pay 10 USDC')
    expect(await dialog.getByTestId('pay-recipient').getAttribute('title')).toBe(MERCHANT)
    // What the payment will do, as the node simulates it (docs/previews.md).
    await expect.poll(() => dialog.getByTestId('simulation').locator('dd').allTextContents()).toEqual(['10 USDC'])
    await dialog.getByRole('button', { name: 'Pay from your wallet' }).click()

    // The promise resolved: the demo shows its hash, and the modal closed (the request opened it).
    const hash = page.getByTestId('pay-hash')
    await expect.poll(() => hash.textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const receipt = await reader.getTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect((await usdcOf(MERCHANT)) - merchantBefore).toBe(parseUnits('10', 6))
    expect(payerBefore - (await usdcOf(account.address))).toBe(parseUnits('10', 6))
    expect(errors).toEqual([])
    await context.close()
  })

  it('paid from the exchange stand-in: its window shows the deposit address; on confirm the promise resolves with the hash and the recipient has 10 more', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdcOf = (holder: Address) =>
      reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    const [merchantBefore, payerBefore] = await Promise.all([usdcOf(MERCHANT), usdcOf(account.address)])

    await page.getByRole('button', { name: 'Pay 10 USDC' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pay' })
    await dialog.getByTestId('pay-summary').waitFor({ timeout: 15_000 })
    const [exchange] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Pay from an exchange' }).click(),
    ])
    await exchange.waitForURL(/\/exchange\/pay\//, { timeout: 15_000 })
    expect(await exchange.getByTestId('exchange-deposit-address').textContent()).toBe(MERCHANT)
    expect(await exchange.getByTestId('exchange-amount').textContent()).toBe('10 USDC')
    await exchange.getByRole('button', { name: 'Confirm payment' }).click()

    const hash = page.getByTestId('pay-hash')
    await expect.poll(() => hash.textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await reader.getTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect((await usdcOf(MERCHANT)) - merchantBefore).toBe(parseUnits('10', 6))
    // The wallet paid nothing: the exchange did.
    expect(await usdcOf(account.address)).toBe(payerBefore)
    expect(errors).toEqual([])
    await context.close()
  })

  it('closing the Pay view rejects the promise; nothing is paid', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    const before = await reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [MERCHANT] })
    await page.getByRole('button', { name: 'Pay 10 USDC' }).click()
    await page.getByRole('dialog', { name: 'Pay' }).getByTestId('pay-summary').waitFor({ timeout: 15_000 })
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Payment failed: Modal closed')
    expect(await reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [MERCHANT] })).toBe(
      before,
    )
    await context.close()
  })
})
