// End to end: the Swap view in the demo against the real local chain, the Uniswap V2 pools the stack deploys and
// the real blockchain API. ETH → USDC (its review showing the node's simulation, which the chain then bears out), then USDC → USDTS (the USDT-style token) with the approval first; the amounts
// received are read back from the chain and checked against the quote less the 1 % slippage; then Activity lists
// both swaps.
import { describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, formatUnits, http, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Locator, Page } from 'playwright-core'
import { connectWallet, openAccount, openDemo, pickOption, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const stack = useStack()

async function openSwap(page: Page) {
  const accountView = await openAccount(page)
  await accountView.getByRole('button', { name: 'Swap', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  // The coin is chosen to pay with once the tokens are listed.
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Token to pay with' }).textContent()).not.toContain('Choose a token')
  return dialog
}

/** What the API quotes right now for `amount` (smallest unit) of `from` into `to`: the pools the swap will use. */
async function quote(from: string, to: string, amount: bigint): Promise<bigint> {
  const query = new URLSearchParams({
    projectId: 'e2e',
    st: 'test',
    sv: '1',
    amount: String(amount),
    userAddress: account.address,
    from,
    to,
  })
  const response = await fetch(`${stack.fixtures.api.url}/v1/convert/quotes?${query}`)
  const body = (await response.json()) as { quotes: Array<{ toAmount: string }> }
  return BigInt(body.quotes[0]!.toAmount)
}

async function fill(dialog: Locator, from: string, to: string, amount: string) {
  await pickOption(dialog, 'Token to pay with', from)
  await pickOption(dialog, 'Token to receive', to)
  await dialog.getByRole('textbox', { name: 'Amount to pay' }).fill(amount)
  // rules §9: the quote follows typing, then the details show.
  await dialog.getByTestId('swap-output').waitFor({ timeout: 15_000 })
  await expect.poll(() => dialog.getByTestId('swap-slippage').textContent()).toBe('1 %')
}

describe('swaps', () => {
  it('ETH → USDC, then USDC → USDTS with the approval first; amounts read back from the chain; Activity lists both', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const token = (address: string) =>
      reader.readContract({ address: address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    const ETH = `eip155:31337:${NATIVE}`
    const USDC = `eip155:31337:${chain.usdc}`
    const USDTS = `eip155:31337:${chain.usdt}`

    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)

    // ETH → USDC: no approval for the coin.
    const dialog = await openSwap(page)
    await fill(dialog, 'ETH', 'USDC', '0.5')
    const usdcQuote = await quote(ETH, USDC, parseEther('0.5'))
    await expect.poll(() => dialog.getByTestId('swap-route').textContent()).toBe('ETH → USDC')
    const usdcBefore = await token(chain.usdc)
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    // The review shows the node's simulation of this very swap (docs/previews.md): what leaves and what arrives.
    const preview = dialog.getByTestId('simulation').locator('dd')
    await expect.poll(() => preview.count(), { timeout: 15_000 }).toBe(2)
    const previewed = await preview.allTextContents()
    await dialog.getByRole('button', { name: 'Swap now' }).click()
    await expect.poll(() => dialog.getByTestId('swap-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const usdcReceived = (await token(chain.usdc)) - usdcBefore
    // Nothing else moved the pool in between, so the simulated swap is the executed one to the last unit.
    expect(previewed).toEqual(['0.5 ETH', `${formatUnits(usdcReceived, 6)} USDC`])
    expect(usdcReceived).toBeGreaterThanOrEqual((usdcQuote * 99n) / 100n)
    expect(usdcReceived).toBeLessThanOrEqual(usdcQuote)

    // USDC → USDTS: the exchange may not spend USDC yet (rules §4), so the preview asks for the approval first.
    await dialog.getByRole('button', { name: 'Swap again' }).click()
    await fill(dialog, 'USDC', 'USDTS', '100')
    const usdtsQuote = await quote(USDC, USDTS, parseUnits('100', 6))
    const usdtsBefore = await token(chain.usdt)
    const usdcBeforeSecond = await token(chain.usdc)
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await dialog.getByText('The exchange needs your approval to spend USDC first.').waitFor({ timeout: 15_000 })
    expect(await dialog.getByRole('button', { name: 'Swap now' }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Approve USDC' }).click()
    const swapNow = dialog.getByRole('button', { name: 'Swap now' })
    await expect.poll(() => swapNow.isEnabled()).toBe(true)
    expect(
      await reader.readContract({
        address: chain.usdc as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, chain.amm.router],
      }),
    ).toBe(parseUnits('100', 6))
    await swapNow.click()
    await expect.poll(() => dialog.getByTestId('swap-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const usdtsReceived = (await token(chain.usdt)) - usdtsBefore
    expect(usdtsReceived).toBeGreaterThanOrEqual((usdtsQuote * 99n) / 100n)
    expect(usdtsReceived).toBeLessThanOrEqual(usdtsQuote)
    expect(usdcBeforeSecond - (await token(chain.usdc))).toBe(parseUnits('100', 6))

    // Activity lists both swaps, newest first, once the API has indexed their blocks.
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const accountView = await openAccount(page)
    await expect
      .poll(
        async () => {
          await accountView.getByRole('tab', { name: 'Tokens' }).click()
          await accountView.getByRole('tab', { name: 'Activity' }).click()
          return (await accountView.getByTestId('activity-row').allTextContents()).slice(0, 3)
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([
        expect.stringMatching(/^Swapped.*-100 USDC → \+\d+(\.\d+)? USDTS$/),
        // The approval moved nothing.
        expect.stringMatching(/^Contract call/),
        expect.stringMatching(/^Swapped.*-0\.5 ETH → \+1,4\d\d(\.\d+)? USDC$/),
      ])
    expect(errors).toEqual([])
    await context.close()
  })
})
