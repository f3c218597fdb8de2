// The kernel's TanStack Query client. Only lazily loaded code imports this module (fetchKernelQuery
// and useKernelQuery load it through import()), so @tanstack/query-core is never in the first paint.
// Queries run through fetchKernelQuery even from lazy modules: a static import of this one there made
// the demo's bundler split the first-paint chunk into several files (`npm run bench`: +0.8 KB).
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/query-core'
import type { Kernel } from '../core/createKernel.js'
import type { KernelQuery } from './kernelQuery.js'
import { QueryClientToken } from '../core/tokens.js'
import { persistedOptions } from './queryCache.js'

/** The first part of every Foyer query key, so that a host sharing its client can tell them apart. */
export const QUERY_KEY_PREFIX = 'foyer'

/**
 * The kernel's query client: the host's `queryClient` option, else its own, made on first use (never
 * by createKernel, so pages that read no remote data never load it). 'balances:changed' makes the
 * queries that read balances stale; destroying the kernel removes its queries.
 */
export function queryClientOf(kernel: Kernel): QueryClient {
  if (!kernel.container.has(QueryClientToken)) {
    kernel.container.provide(QueryClientToken, attach(kernel, kernel.options.queryClient ?? new QueryClient()))
  }
  return kernel.container.resolve(QueryClientToken)
}

function attach(kernel: Kernel, client: QueryClient): QueryClient {
  const foyerQueries = { queryKey: [QUERY_KEY_PREFIX] }
  kernel.bus.on('balances:changed', () => {
    void client.invalidateQueries({ ...foyerQueries, predicate: (query) => query.meta?.['readsBalances'] === true })
  })
  kernel.bus.once('kernel:destroyed', () => client.removeQueries(foyerQueries))
  return client
}

/** `fetchKernelQuery` once the client is loaded. */
export function runKernelQuery<T>(kernel: Kernel, query: KernelQuery<T>): Promise<T> {
  const client = queryClientOf(kernel)
  const failure = recentFailure(client, query)
  return failure ? Promise.reject(failure) : client.fetchQuery(toQueryOptions(kernel, client, query))
}

/**
 * An observer of `query` for `useKernelQuery`: it loads when subscribed unless the answer is fresh,
 * and not at all within `failureWait` of a failure (rules §5), whose error it reports instead.
 */
export function observeKernelQuery<T>(kernel: Kernel, query: KernelQuery<T>): QueryObserver<T> {
  const client = queryClientOf(kernel)
  return new QueryObserver<T>(client, { ...toQueryOptions(kernel, client, query), enabled: !recentFailure(client, query) })
}

function toQueryOptions<T>(kernel: Kernel, client: QueryClient, query: KernelQuery<T>) {
  const { key, staleTime, failureWait = 0, readsBalances = false, load } = query
  const queryKey = keyOf(key)
  return {
    queryKey,
    // An invalidated query stays so until its next answer arrives: the load may ask its service for fresh data.
    // rules §3: a persisted query starts from the answer a reload kept.
    ...persistedOptions(kernel, query, () => load({ refresh: client.getQueryState(queryKey)?.isInvalidated === true })),
    staleTime,
    // Kept while it is fresh or its failure still answers, whatever the host's client defaults to.
    gcTime: Math.max(staleTime, failureWait),
    // Failures are the callers' business (rules §5's wait), not retried behind their back; and Foyer's
    // services may be on loopback, so being offline pauses nothing.
    retry: false,
    networkMode: 'always' as const,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { readsBalances },
  }
}

function keyOf(key: readonly unknown[]): QueryKey {
  return [QUERY_KEY_PREFIX, ...key]
}

/** rules §5: the failure `query` answered less than `failureWait` ago, if any. */
function recentFailure(client: QueryClient, { key, failureWait }: KernelQuery<unknown>): Error | undefined {
  const state = client.getQueryState(keyOf(key))
  if (!failureWait || state?.status !== 'error') return undefined
  return Date.now() - state.errorUpdatedAt < failureWait ? (state.error ?? undefined) : undefined
}
