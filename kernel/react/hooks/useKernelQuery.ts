import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { KernelQuery } from '../../services/kernelQuery.js'
import { readPersisted } from '../../services/queryCache.js'
import { useKernel } from './context.js'

/** What a view shows while its data loads, once it is there, or after it failed. */
export type KernelQueryState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown }

type QueryClientModule = typeof import('../../services/queryClient.js')

// The query client's module once loaded, so that later hooks read the cache in their first render.
// One for the page, like any loaded module: the clients and their caches are per kernel.
let loaded: QueryClientModule | undefined
const loadQueryClient = () => import('../../services/queryClient.js').then((module) => (loaded = module))

const LOADING = { status: 'loading' } as const

/**
 * Reads `query` from the kernel's query client and re-renders as its answer changes: loaded when the
 * view mounts unless fresh (rules §9), again when it goes stale while shown ('balances:changed'), never
 * within a failure's wait (rules §5). A new key starts over; undefined reads nothing and returns undefined.
 * The client loads with the first query, so a first-paint hook costs no query code.
 *
 * @example
 * const balances = useKernelQuery(address ? tokenBalancesQuery(kernel, { address, chainId }) : undefined)
 * if (balances?.status === 'ready') return <List tokens={balances.data} />
 */
export function useKernelQuery<T>(query: KernelQuery<T> | undefined): KernelQueryState<T> | undefined {
  const kernel = useKernel()
  const [client, setClient] = useState(() => loaded)
  const wanted = query !== undefined
  useEffect(() => {
    if (wanted && !client) void loadQueryClient().then(setClient)
  }, [wanted, client])

  const hash = query && JSON.stringify(query.key)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` is a fresh object each render; its key (`hash`) names what it loads.
  const observer = useMemo(() => (client && query ? client.observeKernelQuery(kernel, query) : undefined), [client, kernel, hash])
  const subscribe = useCallback((onChange: () => void) => observer?.subscribe(onChange) ?? (() => {}), [observer])
  const getSnapshot = () => observer?.getCurrentResult()
  const result = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)

  if (!query) return undefined
  // rules §3: before the query client has loaded, the answer a reload kept shows at once (it is read again once loaded).
  const kept = result === undefined ? readPersisted(kernel, query) : undefined
  if (kept) return { status: 'ready', data: kept.data }
  if (result?.status === 'success') return { status: 'ready', data: result.data }
  if (result?.status === 'error') return { status: 'error', error: result.error }
  return LOADING
}
