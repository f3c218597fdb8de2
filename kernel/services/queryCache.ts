// The remote data a reload should show at once (rules §3: the balance, name and identity caches, kept with their
// timestamps): a query with a `persist` schema keeps its last answer in the kernel's storage as `{ at, data }`. Read back
// through the schema, so an entry a page or an older version wrote wrongly is dropped, never trusted. Small and free of
// @tanstack/query-core: the hooks read it in their first render, before the query client has loaded.
import * as v from 'valibot'
import type { Kernel } from '../core/createKernel.js'
import { createToken } from '../core/container.js'
import { StorageToken } from '../core/tokens.js'
import type { KernelQuery } from './kernelQuery.js'

/** What a persisted query holds: its answer and when it arrived (ms since the epoch). */
export interface PersistedAnswer<T> {
  data: T
  at: number
}

const STORAGE_PREFIX = 'cache:'
/** The storage keys of the balances this kernel has shown or kept, for 'balances:changed' to forget. */
const KeptBalancesToken = createToken<Set<string>>('queryCache:keptBalances')

type PersistedQuery<T> = Pick<KernelQuery<T>, 'key' | 'persist' | 'readsBalances'>

function noteBalance(kernel: Kernel, query: PersistedQuery<unknown>, storageKey: string) {
  if (query.readsBalances) kernel.container.ensure(KeptBalancesToken, () => new Set()).add(storageKey)
}

/** The storage key of a query's answer. */
export function persistedKey(key: readonly unknown[]): string {
  return `${STORAGE_PREFIX}${JSON.stringify(key)}`
}

/**
 * The last answer `query` kept in storage, if it has a `persist` schema and the entry is sound: it parses, matches the
 * schema, and was not written in the future (a clock set back must not make it look fresh for longer).
 */
export function readPersisted<T>(kernel: Kernel, query: PersistedQuery<T>): PersistedAnswer<T> | undefined {
  if (!query.persist) return undefined
  const key = persistedKey(query.key)
  const entry = kernel.container.resolve(StorageToken).read(key, v.object({ at: v.number(), data: query.persist }))
  if (!entry || entry.at > Date.now()) return undefined
  noteBalance(kernel, query, key)
  return entry as PersistedAnswer<T>
}

/** Keeps `data` as `query`'s last answer, now; the account state (`getAccount`) is told a figure changed. */
export function writePersisted<T>(kernel: Kernel, query: PersistedQuery<T>, data: T): void {
  if (!query.persist || kernel.isDestroyed()) return
  const key = persistedKey(query.key)
  kernel.container.resolve(StorageToken).write(key, { at: Date.now(), data })
  noteBalance(kernel, query, key)
  kernel.store.update('account', (account) => ({ ...account, figures: account.figures + 1 }))
}

/** Forgets the kept answer of the query `key` (its figure changed: a name registered). */
export function forgetPersisted(kernel: Kernel, key: readonly unknown[]): void {
  kernel.container.resolve(StorageToken).remove(persistedKey(key))
}

/**
 * 'balances:changed': forgets the kept balances this kernel showed or read, so a reload after a transfer does not show
 * the figure of before it.
 */
export function forgetKeptBalances(kernel: Kernel): void {
  const storage = kernel.container.resolve(StorageToken)
  const kept = kernel.container.has(KeptBalancesToken) ? kernel.container.resolve(KeptBalancesToken) : new Set<string>()
  for (const key of kept) storage.remove(key)
  kept.clear()
}

/**
 * What the query client needs of a persisted query (rules §3), here in the kernel's chunk rather than the query
 * client's: the kept answer as its initial data with its time (shown at once, stale when it is), and a load that keeps
 * the next answer.
 */
export function persistedOptions<T>(kernel: Kernel, query: KernelQuery<T>, load: () => Promise<T>) {
  const kept = readPersisted(kernel, query)
  return {
    queryFn: async () => {
      const data = await load()
      writePersisted(kernel, query, data)
      return data
    },
    ...(kept && { initialData: kept.data, initialDataUpdatedAt: kept.at }),
  }
}
