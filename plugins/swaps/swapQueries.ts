// The Swap view's remote data as KernelQuery objects (foyer's data primitive): the tokens the service swaps, what
// the account holds of them, read from the chain itself, and the network's gas price.
import type { CaipNetworkId, Kernel, KernelQuery } from 'foyer'
import { PORTFOLIO_STALE_MS } from 'foyer/query'
import { convertApiOf } from './convertApi.js'
import { isNative } from './swapActions.js'
import type { SwapToken } from './swapState.js'

/** The token list changes only when a pool is created: read again after five minutes. */
export const SWAP_TOKENS_STALE_MS = 5 * 60_000
/** A gas price is good for a few blocks. */
export const GAS_PRICE_STALE_MS = 15_000

const balanceOfAbi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

/** The tokens the service swaps on `networkId` (rules §7 `convert/tokens`), the native coin first. */
export function swapTokensQuery(kernel: Kernel, networkId: string): KernelQuery<SwapToken[]> {
  return {
    key: ['swaps', 'tokens', networkId],
    staleTime: SWAP_TOKENS_STALE_MS,
    load: async () => {
      const api = convertApiOf(kernel)
      if (!api) throw new Error('swaps() needs `services.api`.')
      return api.getTokens(networkId)
    },
  }
}

/**
 * What `address` holds of each token, in the smallest unit, by CAIP-10 id: the coin through the chain's balance
 * capability, tokens through its readContract capability (`balanceOf`). Read again after 'balances:changed'.
 */
export function swapBalancesQuery(
  kernel: Kernel,
  where: { namespace: string; networkId: CaipNetworkId; address: string; tokens: readonly SwapToken[] },
): KernelQuery<Record<string, bigint>> {
  return {
    key: ['swaps', 'balances', where.networkId, where.address, where.tokens.map((token) => token.address).join()],
    staleTime: PORTFOLIO_STALE_MS,
    readsBalances: true,
    load: async () => {
      const capabilities = kernel.chains.get(where.namespace)?.capabilities
      const entries = await Promise.all(
        where.tokens.map(async (token): Promise<[string, bigint]> => {
          if (isNative(token.address)) {
            const native = await capabilities?.balance?.getBalance(kernel, { address: where.address, networkId: where.networkId })
            return [token.address, native?.value ?? 0n]
          }
          const read = capabilities?.readContract?.readContract(kernel, {
            networkId: where.networkId,
            address: token.address.split(':').at(-1)!,
            abi: balanceOfAbi,
            functionName: 'balanceOf',
            args: [where.address],
          })
          const value = await read
          return [token.address, typeof value === 'bigint' ? value : 0n]
        }),
      )
      return Object.fromEntries(entries)
    },
  }
}

/** The tokens' USD prices (rules §7 `POST /v1/fungible/price`) by CAIP-10 id, for the fiat values the view shows. */
export function swapPricesQuery(kernel: Kernel, networkId: string, tokens: readonly SwapToken[]): KernelQuery<Record<string, number>> {
  return {
    key: ['swaps', 'prices', networkId, tokens.map((token) => token.address).join()],
    staleTime: PORTFOLIO_STALE_MS,
    load: async () => {
      const api = convertApiOf(kernel)
      if (!api) throw new Error('swaps() needs `services.api`.')
      return api.getPrices(tokens.map((token) => token.address))
    },
  }
}

/** The network's gas prices (rules §7 `convert/gas-price`): standard, fast and instant, in wei. */
export function gasPriceQuery(kernel: Kernel, networkId: string): KernelQuery<{ standard: bigint; fast: bigint; instant: bigint }> {
  return {
    key: ['swaps', 'gasPrice', networkId],
    staleTime: GAS_PRICE_STALE_MS,
    load: async () => {
      const api = convertApiOf(kernel)
      if (!api) throw new Error('swaps() needs `services.api`.')
      return api.getGasPrice(networkId)
    },
  }
}
