// What the kernel's remote data is made of (DESIGN "Remote data"): a query is a plain object that says
// what to load and how long the answer lasts (rules §9). This module is small and free of
// @tanstack/query-core, so first-paint code (getNativeBalance, the hooks) may import it; the client
// itself (queryClient.ts) loads through import() on the first query.
import type { GenericSchema } from 'valibot'
import type { Kernel } from '../core/createKernel.js'

/**
 * One piece of remote data: its key, its lifetime and how to load it. Build it with a function of
 * the kernel and the parameters (`tokenBalancesQuery(kernel, { address, chainId })`), then run it
 * with `fetchKernelQuery` or `useKernelQuery`: both share one cache per kernel.
 *
 * @example
 * const priceQuery = (kernel: Kernel, symbol: string): KernelQuery<number> => ({
 *   key: ['prices', symbol],
 *   staleTime: 30_000,
 *   load: () => fetchPrice(kernel, symbol),
 * })
 */
export interface KernelQuery<T> {
  /** Names what `load` loads: one key, one answer. Stored under `['foyer', ...key]`. */
  key: readonly unknown[]
  /** How long an answer stays fresh (rules §9 lifetimes), in ms; `Infinity` for once per kernel. */
  staleTime: number
  /**
   * rules §5: after a failure, answer with that failure for this long (ms) instead of asking again.
   * Without it a failure is not kept: the next read asks again.
   */
  failureWait?: number
  /** True for data a transfer changes: 'balances:changed' makes it stale, and mounted views read it again. */
  readsBalances?: boolean
  /**
   * Keeps the last answer in the kernel's storage with its time (rules §3), checked by this schema when read back: a
   * reload shows it at once, and asks again only once it is older than `staleTime`. For JSON answers only.
   */
  persist?: GenericSchema<unknown, T>
  /** `refresh` is true when the answer is read again because it went stale by 'balances:changed' (or failed). */
  load(context?: { refresh: boolean }): Promise<T>
}

/**
 * Runs `query` through the kernel's query client: the fresh answer from its cache, else `load`'s
 * (rules §9); within `failureWait` of a failure, that failure (rules §5). The client loads on the first call.
 *
 * @example
 * const balances = await fetchKernelQuery(kernel, tokenBalancesQuery(kernel, { address, chainId }))
 */
export async function fetchKernelQuery<T>(kernel: Kernel, query: KernelQuery<T>): Promise<T> {
  const { runKernelQuery } = await import('./queryClient.js')
  return runKernelQuery(kernel, query)
}
