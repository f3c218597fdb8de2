import type { CaipNetworkId } from '../caip.js'
import type { Kernel } from '../createKernel.js'
import { formatBalance, formatUnits } from '../format.js'
import { isSameNetwork } from '../network.js'

/** §9: a native balance is fresh for 30 s. */
export const NATIVE_BALANCE_TTL_MS = 30_000

export interface GetNativeBalanceParameters {
  namespace: string
  address: string
  networkId: CaipNetworkId
}

export interface GetNativeBalanceReturnType {
  /** The balance for display: truncated to 3 decimals (§5). */
  formatted: string
  symbol: string
}

type CacheEntry = { at: number; value: Promise<GetNativeBalanceReturnType> }
const caches = new WeakMap<Kernel, Map<string, CacheEntry>>()

/**
 * Reads the native balance through the chain's balance capability, cached for 30 s (§9). A network
 * the chain does not list reads as 0 (§9). Returns undefined where no chain can read balances.
 */
export function getNativeBalance(
  kernel: Kernel,
  { namespace, address, networkId }: GetNativeBalanceParameters,
): Promise<GetNativeBalanceReturnType> | undefined {
  const chain = kernel.chains.get(namespace)
  const capability = chain?.capabilities?.balance
  if (!chain || !capability) return undefined
  const network = chain.networks.find((candidate) => isSameNetwork(candidate, networkId))
  if (!network) return Promise.resolve({ formatted: '0', symbol: chain.networks[0]?.nativeCurrency.symbol ?? '' })

  const cache = cacheOf(kernel)
  const key = `${networkId}:${address}`
  const cached = cache.get(key)
  if (cached && Date.now() - cached.at < NATIVE_BALANCE_TTL_MS) return cached.value

  const value = capability.getBalance(kernel, { address, networkId }).then((balance) => ({
    formatted: formatBalance(formatUnits(balance.value, balance.decimals)),
    symbol: balance.symbol,
  }))
  cache.set(key, { at: Date.now(), value })
  // A failure is not cached: the next read tries again.
  value.catch(() => cache.delete(key))
  return value
}

function cacheOf(kernel: Kernel): Map<string, CacheEntry> {
  let cache = caches.get(kernel)
  if (!cache) {
    const created = (cache = new Map<string, CacheEntry>())
    caches.set(kernel, created)
    kernel.bus.on('balances:changed', () => created.clear())
  }
  return cache
}
