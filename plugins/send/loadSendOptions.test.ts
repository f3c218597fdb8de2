import { describe, expect, it } from 'vitest'
import { BlockchainApiToken } from 'foyer/query'
import { memoryBlockchainApi, tokenBalance } from '../../test/memoryBlockchainApi.js'
import { testAddresses, testChain, testKernel, testSolanaNetwork } from '../../test/fixtures.js'
import { loadSendOptions } from './loadSendOptions.js'

const address = testAddresses.eip155[0]

describe('loadSendOptions', () => {
  it('without a blockchain API, the native balance from the chain', async () => {
    const kernel = testKernel({ plugins: [testChain({ balance: 25n * 10n ** 17n })] })
    await expect(loadSendOptions(kernel, { namespace: 'eip155', address, networkId: 'eip155:1' })).resolves.toEqual({
      options: [{ asset: { symbol: 'TETH', decimals: 18 }, balance: 25n * 10n ** 17n }],
    })
  })

  it("with one, the account's tokens and their USD total; a CAIP-10 token id becomes the contract address", async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    kernel.container.provide(
      BlockchainApiToken,
      memoryBlockchainApi({
        balances: [
          tokenBalance('USDC', '12.5', 1, { quantity: { decimals: 6, numeric: '12.5' }, address: `eip155:1:${usdc}` }),
          tokenBalance('ETH', '0.75', 3000),
        ],
      }),
    )
    await expect(loadSendOptions(kernel, { namespace: 'eip155', address, networkId: 'eip155:1' })).resolves.toEqual({
      options: [
        { asset: { symbol: 'ETH', decimals: 18, address: undefined }, balance: 75n * 10n ** 16n, name: 'ETH', price: 3000 },
        { asset: { symbol: 'USDC', decimals: 6, address: usdc }, balance: 12_500_000n, name: 'USDC', price: 1 },
      ],
      // 0.75 × 3000 + 12.5 × 1
      networkBalanceInUSD: '$2,262.50',
    })
  })

  it('on Solana, SOL and SPL tokens; the mint is what the chain is given', async () => {
    const kernel = testKernel({ plugins: [testChain({ namespace: 'solana' })] })
    const chainId = testSolanaNetwork.caipNetworkId
    kernel.container.provide(
      BlockchainApiToken,
      memoryBlockchainApi({
        balances: [
          tokenBalance('SOL', '2', 150, { chainId, quantity: { decimals: 9, numeric: '2' } }),
          tokenBalance('USDC', '5', 1, {
            chainId,
            quantity: { decimals: 6, numeric: '5' },
            address: `${chainId}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
          }),
        ],
      }),
    )
    const { options } = await loadSendOptions(kernel, { namespace: 'solana', address: testAddresses.solana[0], networkId: chainId })
    expect(options.map((option) => option.asset)).toEqual([
      { symbol: 'SOL', decimals: 9, address: undefined },
      { symbol: 'USDC', decimals: 6, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
    ])
  })

  it('when the service fails, the native coin from the chain is still offered', async () => {
    const kernel = testKernel({ plugins: [testChain({ balance: 10n ** 18n })] })
    kernel.container.provide(BlockchainApiToken, memoryBlockchainApi({ failWith: 503 }))
    await expect(loadSendOptions(kernel, { namespace: 'eip155', address, networkId: 'eip155:1' })).resolves.toEqual({
      options: [{ asset: { symbol: 'TETH', decimals: 18 }, balance: 10n ** 18n }],
    })
  })
})
