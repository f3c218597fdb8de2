// The Swap view's data: the tokens the service swaps on the network, the account's balances of them, their prices
// and the gas price, each a kernel query.
import type { CaipNetworkId } from 'foyer'
import { useKernel, useKernelQuery } from 'foyer/react'
import { gasPriceQuery, swapBalancesQuery, swapPricesQuery, swapTokensQuery } from './swapQueries.js'
import type { SwapToken } from './swapState.js'

/** What the view knows about the account's tokens and the network fee. */
export interface SwapData {
  tokens: SwapToken[] | 'loading' | 'error'
  balances?: Record<string, bigint>
  gasPrice?: bigint
  /** USD by CAIP-10 id, for the tokens the service prices. */
  prices?: Record<string, number>
}

/** The tokens the service swaps here, what the account holds of them, and the gas price. */
export function useSwapData({
  address,
  namespace,
  networkId,
}: {
  address?: string
  namespace?: string
  networkId?: CaipNetworkId
}): SwapData {
  const kernel = useKernel()
  const tokens = useKernelQuery(networkId ? swapTokensQuery(kernel, networkId) : undefined)
  const list = tokens?.status === 'ready' ? tokens.data : undefined
  const balances = useKernelQuery(
    list && address && namespace && networkId ? swapBalancesQuery(kernel, { namespace, networkId, address, tokens: list }) : undefined,
  )
  const gasPrice = useKernelQuery(networkId ? gasPriceQuery(kernel, networkId) : undefined)
  const prices = useKernelQuery(list && networkId ? swapPricesQuery(kernel, networkId, list) : undefined)
  return {
    prices: prices?.status === 'ready' ? prices.data : undefined,
    tokens: list ?? (tokens?.status === 'error' ? 'error' : 'loading'),
    balances: balances?.status === 'ready' ? balances.data : undefined,
    gasPrice: gasPrice?.status === 'ready' ? gasPrice.data.standard : undefined,
  }
}
