// The remote data a reload should show at once (rules §3: the balance, name and identity caches, kept with their
// timestamps): a query with a `persist` schema keeps its last answer in the kernel's storage as `{ at, data }`. Read back
// through the schema, so an entry a page or an older version wrote wrongly is dropped, never trusted. Small and free of
// @tanstack/query-core: the hooks read it in their first render, before the query client has loaded.
import * as v from 'valibot'
import type { Kernel } from '../core/createKernel.js'
import { StorageToken } from '../core/tokens.js'
import type { KernelQuery } from './kernelQuery.js'

/** What a persisted query holds: its answer and when it arrived (ms since the epoch). */
export interface PersistedAnswer<T> {
  data: T
  at: number
}

const STORAGE_PREFIX = 'cache:'

/** The storage key of a query's answer. */
export function persistedKey(key: readonly unknown[]): string {
  return `${STORAGE_PREFIX}${JSON.stringify(key)}`
}

/**
 * The last answer `query` kept in storage, if it has a `persist` schema and the entry is sound: it parses, matches the
 * schema, and was not written in the future (a clock set back must not make it look fresh for longer).
 */
export function readPersisted<T>(kernel: Kernel, query: Pick<KernelQuery<T>, 'key' | 'persist'>): PersistedAnswer<T> | undefined {
  if (!query.persist) return undefined
  const schema = v.object({ at: v.pipe(v.number(), v.safeInteger(), v.minValue(0)), data: query.persist })
  const entry = kernel.container.resolve(StorageToken).read(persistedKey(query.key), schema)
  return entry && entry.at <= Date.now() ? (entry as PersistedAnswer<T>) : undefined
}

/** Keeps `data` as `query`'s last answer, now; the account state (`getAccount`) is told a figure changed. */
export function writePersisted<T>(kernel: Kernel, query: Pick<KernelQuery<T>, 'key' | 'persist'>, data: T): void {
  if (!query.persist || kernel.isDestroyed()) return
  kernel.container.resolve(StorageToken).write(persistedKey(query.key), { at: Date.now(), data })
  kernel.store.update('account', (account) => ({ ...account, figures: account.figures + 1 }))
}

/** Forgets the kept answer of the query `key` (its figure changed: a transfer). */
export function forgetPersisted(kernel: Kernel, key: readonly unknown[]): void {
  kernel.container.resolve(StorageToken).remove(persistedKey(key))
}
