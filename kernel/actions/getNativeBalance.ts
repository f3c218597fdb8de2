import type { CaipNetworkId } from 'foyer/protocol'
import type { Kernel } from '../core/createKernel.js'
import { formatBalance, formatUnits } from '../model/format.js'
import { fetchKernelQuery, type KernelQuery } from '../services/kernelQuery.js'
import { isSameNetwork } from '../model/network.js'
import { NativeBalanceFigure, nativeBalanceKey } from '../core/account.js'

/** rules §9: a native balance is fresh for 30 s. */
export const NATIVE_BALANCE_TTL_MS = 30_000

/** rules §9: what a network the chain does not support shows as its native balance, without asking anyone. */
export const UNSUPPORTED_CHAIN_BALANCE = '0.00'

export interface GetNativeBalanceParameters {
  namespace: string
  address: string
  networkId: CaipNetworkId
}

export interface GetNativeBalanceReturnType {
  /** The balance for display: truncated to 3 decimals (rules §5). */
  formatted: string
  symbol: string
}

/**
 * The native balance as a query: read through the chain's balance capability, fresh for 30 s (rules §9),
 * stale after 'balances:changed'; a failure is not kept. A network the chain does not list reads as
 * 0.00 (rules §9); a testnet reads the chain's own figure (rules, departures on purpose). Undefined where no chain
 * can read balances.
 */
export function nativeBalanceQuery(
  kernel: Kernel,
  { namespace, address, networkId }: GetNativeBalanceParameters,
): KernelQuery<GetNativeBalanceReturnType> | undefined {
  const chain = kernel.chains.get(namespace)
  const capability = chain?.capabilities?.balance
  if (!chain || !capability) return undefined
  const network = chain.networks.find((candidate) => isSameNetwork(candidate, networkId))
  return {
    key: nativeBalanceKey(networkId, address),
    staleTime: NATIVE_BALANCE_TTL_MS,
    readsBalances: true,
    // rules §3: kept with its time, so a reload shows the last figure at once.
    persist: NativeBalanceFigure,
    async load() {
      if (!network) return { formatted: UNSUPPORTED_CHAIN_BALANCE, symbol: chain.networks[0]?.nativeCurrency.symbol ?? '' }
      const balance = await capability.getBalance(kernel, { address, networkId }).catch((error: unknown) => {
        kernel.logger.warn('The balance could not be read.', error)
        throw error
      })
      return { formatted: formatBalance(formatUnits(balance.value, balance.decimals)), symbol: balance.symbol }
    },
  }
}

/**
 * Reads the native balance through the chain's balance capability, cached for 30 s (rules §9). A network
 * the chain does not list reads as 0.00 (rules §9). Returns undefined where no chain can read balances.
 *
 * @example
 * const balance = await getNativeBalance(kernel, { namespace: 'eip155', address, networkId: 'eip155:1' })
 */
export function getNativeBalance(kernel: Kernel, parameters: GetNativeBalanceParameters): Promise<GetNativeBalanceReturnType> | undefined {
  const query = nativeBalanceQuery(kernel, parameters)
  return query && fetchKernelQuery(kernel, query)
}
