// End to end: more faults injected into the real local stack under a page that is using it (issue 19; the first
// six are in faults.test.ts). Each is injected mid-flow through a test switch of the service itself, and each
// expects SPEC §8's behaviour and that nothing the visitor had is lost. Time past §9's waits goes by on
// Playwright's clock, not in real time. This file has a stack of its own, on free ports.
import { describe, expect, it } from 'vitest'
import { createPublicClient, formatUnits, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { formatBalance } from '../../kernel/model/format.js'
import { connectWallet, modal, openAccount, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const stack = useStack({ wallet: true })

/** The account's native balance on chain 31337 as the Account view shows it, read from anvil with viem. */
async function nativeBalanceText(): Promise<string> {
  const value = await createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) }).getBalance({ address: account.address })
  return `${formatBalance(formatUnits(value, 18))} ETH`
}

describe('more faults under a page that uses the stack (§8)', () => {
  it("behavior: the API slow: the chain's native balance shows at once, the tokens stay loading (no timeout, no toast, one request) until the answer comes, which is shown", async () => {
    const { context, page } = await stack.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.clock.install()
    await page.goto(stack.demoUrl)
    await connectWallet(page, /^Test Wallet/, account.address)
    const balanceRequests: string[] = []
    page.on('request', (request) => {
      const { origin, pathname } = new URL(request.url())
      if (origin === stack.fixtures.api.url && /^\/v1\/(supported-chains|account\/[^/]+\/balance)$/.test(pathname)) balanceRequests.push(pathname)
    })

    // Mid-flow: connected, and now the API holds every request until the test lets the answers go.
    stack.api.delayNext(Infinity, Infinity)
    try {
      let dialog = await openAccount(page)
      // The native balance comes from the chain, not the API: it shows while the API is still thinking.
      await expect.poll(() => dialog.locator('.f-balance').textContent(), { timeout: 15_000 }).toBe(await nativeBalanceText())
      await dialog.getByRole('list', { name: 'Loading…' }).waitFor()
      await expect.poll(() => balanceRequests.length).toBe(1)

      // A minute of the page's time: past §9's 10 s RPC timeout and 30 s portfolio lifetime. Nothing gives up
      // (SPEC sets the API no timeout), and closing and opening Account again asks nothing more: the request
      // under way is the one every view waits for.
      await page.clock.fastForward(60_000)
      for (let reopen = 0; reopen < 3; reopen++) {
        await dialog.getByRole('button', { name: 'Close' }).click()
        dialog = await openAccount(page)
        await dialog.getByRole('list', { name: 'Loading…' }).waitFor()
        await page.clock.fastForward(10_000)
      }
      expect(balanceRequests.length).toBe(1)
      expect(await modal(page).locator('.f-toast-error').count()).toBe(0)

      // The answer arrives: the tokens are shown, each asked for once; the connection never went away.
      stack.api.delayNext(0, 0)
      await expect.poll(() => dialog.getByRole('list', { name: 'Your tokens' }).textContent(), { timeout: 15_000 }).toContain('USDC')
      expect(balanceRequests.filter((path) => path.endsWith('/balance'))).toHaveLength(1)
      expect(balanceRequests.filter((path) => path.endsWith('/supported-chains')).length).toBeLessThanOrEqual(1)
      expect(await modal(page).locator('.f-toast-error').count()).toBe(0)
      expect(await page.getByTestId('address').textContent()).toBe(account.address)
      expect(await page.getByTestId('status').textContent()).toBe('connected')
    } finally {
      stack.api.delayNext(0, 0)
    }
    expect(errors).toEqual([])
    await context.close()
  })
})
