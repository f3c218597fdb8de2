// End to end: the Account view's Tokens, NFTs and Activity tabs against the real blockchain API
// service, which indexes the real local chain. A USDC transfer made here must show up everywhere.
import { describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, formatUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { formatBalance, formatFiat } from '../../kernel/model/format.js'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { connectWallet, openAccount, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const SENDER = privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey)
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // anvil account #2
const stack = useStack()

describe('the Account view with the blockchain API', () => {
  it('tokens with values, the fixture NFTs, and activity that matches the chain', async () => {
    const chain = stack.fixtures.chains['31337']!
    const transport = http(chain.rpcUrl)
    const local = {
      id: 31337,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
    const reader = createPublicClient({ transport })
    // A transfer in (from anvil #1), then one out: the two newest rows, whatever other files did on this stack before.
    const transfer = async (from: typeof account, to: `0x${string}`, amount: string) => {
      const wallet = createWalletClient({ account: from, transport, chain: local })
      const hash = await wallet.writeContract({
        address: chain.usdc as `0x${string}`,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, 6)],
      })
      await reader.waitForTransactionReceipt({ hash })
      return hash
    }
    await transfer(SENDER, account.address, '3.25')
    await waitUntilIndexed(await transfer(account, RECEIVER, '7.5'))

    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    const dialog = await openAccount(page)

    const usdc = formatUnits(
      await reader.readContract({
        address: chain.usdc as `0x${string}`,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
      6,
    )
    const usdt = formatUnits(
      await reader.readContract({
        address: chain.usdt as `0x${string}`,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
      6,
    )
    const tokens = dialog.getByRole('list', { name: 'Your tokens' })
    await expect.poll(() => tokens.textContent()).toContain(`${formatBalance(usdc)} USDC`)
    const text = (await tokens.textContent()) ?? ''
    expect(text).toContain('USD Coin')
    expect(text).toContain(formatFiat(usdc))
    expect(text).toContain(`${formatBalance(usdt)} USDTS`)
    expect(text).toContain(formatFiat(usdt))
    expect(text).toContain('ETH')

    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    const nfts = dialog.getByRole('list', { name: 'Your NFTs' })
    await expect.poll(() => nfts.textContent()).toContain('Foyer Fixture #1')
    expect(await nfts.textContent()).toContain('Foyer Fixture #3')

    await dialog.getByRole('tab', { name: 'Activity' }).click()
    const rows = dialog.getByTestId('activity-row')
    await expect.poll(() => rows.count()).toBeGreaterThan(1)
    // Newest first: the transfer out, then the transfer in.
    expect(await rows.nth(0).textContent()).toContain('-7.5 USDC')
    expect(await rows.nth(1).textContent()).toContain('+3.25 USDC')
    await context.close()
  })
})

/** The API indexes new blocks within a moment; the view's 30 s cache must not catch it before. */
async function waitUntilIndexed(hash: string) {
  const url = new URL(`v1/account/${account.address}/history`, `${stack.fixtures.api.url}/`)
  for (const [key, value] of Object.entries({ projectId: 'foyer-demo', st: 'foyer', sv: '0.1.0', chainId: 'eip155:31337' })) {
    url.searchParams.set(key, value)
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const body = (await (await fetch(url)).json()) as { data?: Array<{ metadata: { hash?: string } }> }
    if (body.data?.some((item) => item.metadata.hash === hash)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The API did not index ${hash} in 10 s.`)
}
