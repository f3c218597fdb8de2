import * as v from 'valibot'

import { InvalidOptionsError } from '../core/errors/catalogue.js'
import { isSafeImageUrl } from '../model/network.js'

/**
 * Where stored strings live. `localStorage` satisfies it; so does {@link createMemoryBackend}. `length` and `key`
 * are optional: without them `clear()` can only remove the keys this storage has touched.
 */
export interface StorageBackend {
  /** The string at `key`, or `null`. May throw (storage disabled); the service catches it. */
  getItem(key: string): string | null
  /** May throw (quota exceeded, private mode); the service catches it. */
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** How many keys the backend holds, across all namespaces. */
  readonly length?: number
  /** The key at `index`, for listing; `null` past the end. */
  key?(index: number): string | null
}

/** Why a stored value was dropped or not written. */
export type StorageDropReason = 'corrupt' | 'invalid' | 'write-failed' | 'unavailable'

/** Options of {@link createStorage}. */
export interface StorageOptions {
  /**
   * Where values are kept.
   * @default globalThis.localStorage when it exists and accepts a write, else a fresh memory backend
   */
  backend?: StorageBackend
  /** Separates this kernel's keys from other kernels and hosts on the page: keys become `foyer:<namespace>:<key>`. */
  namespace: string
  /** Called when a value is dropped (unparsable or wrongly shaped) or cannot be written, for logging. */
  onDrop?: (key: string, reason: StorageDropReason, cause?: unknown) => void
}

/** A namespaced JSON store whose reads are validated and whose failures never throw. */
export interface StorageService {
  /** The value at `key` if it parses and matches `schema`; otherwise it is removed and `undefined` returned. */
  read<TSchema extends v.GenericSchema>(key: string, schema: TSchema): v.InferOutput<TSchema> | undefined
  /** Stores `value` as JSON (`undefined` removes the key). False when the backend refused, e.g. quota exceeded. */
  write(key: string, value: unknown): boolean
  /** Removes `key`. */
  remove(key: string): void
  /** Removes every key of this namespace and nothing else. */
  clear(): void
}

/** One wallet the visitor connected with lately (rules §3). */
export interface RecentWallet {
  /** The connector or directory id; entries are deduplicated by it. */
  id: string
  /** Shown as the wallet's label. */
  name: string
  /** Only `https:` or `data:image/` URLs are kept (DESIGN security rules). */
  imageUrl?: string
  /** The EIP-6963 reverse-DNS id, e.g. `io.metamask`. */
  rdns?: string
}

/**
 * How many recent wallets are kept (rules §9).
 *
 * @default 2
 */
export const RECENT_WALLETS_LIMIT = 2

const PREFIX = 'foyer'
const RECENT_WALLETS_KEY = 'recent-wallets'

const RecentWalletSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.nonEmpty()),
    name: v.string(),
    imageUrl: v.optional(v.string()),
    rdns: v.optional(v.string()),
  }),
  v.transform(withSafeImage),
)

/**
 * A backend that keeps values in a Map for the life of the page.
 *
 * @example
 * const storage = createStorage({ namespace: 'test', backend: createMemoryBackend() })
 */
export function createMemoryBackend(): Required<StorageBackend> {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    get length() {
      return values.size
    },
    key: (index) => [...values.keys()][index] ?? null,
  }
}

/**
 * Creates the kernel's storage service.
 *
 * @throws {InvalidOptionsError} when `namespace` is empty or contains `:`.
 * @example
 * const storage = createStorage({ namespace: 'shop' })
 * storage.write('theme', 'dark')
 * storage.read('theme', v.picklist(['light', 'dark'])) // 'dark'
 */
export function createStorage(options: StorageOptions): StorageService {
  const { namespace, onDrop } = options
  // A colon inside the namespace would let `a` + `b:c` and `a:b` + `c` share a key, and `clear()` cross over.
  if (typeof namespace !== 'string' || !/^[^:]+$/.test(namespace)) {
    throw new InvalidOptionsError(`storage namespace must be a non-empty string without ":", got ${String(namespace)}`)
  }
  const backend = options.backend ?? defaultBackend()
  const prefix = `${PREFIX}:${namespace}:`
  const touched = new Set<string>()

  const drop = (key: string, reason: StorageDropReason, cause?: unknown): undefined => {
    // A throwing logger must not turn a recoverable storage problem into a crash.
    tryRun(() => onDrop?.(key, reason, cause))
    return undefined
  }
  const remove = (key: string) => {
    const removed = tryRun(() => backend.removeItem(prefix + key))
    if (!removed.ok) drop(key, 'unavailable', removed.error)
  }
  const discard = (key: string, reason: StorageDropReason, cause: unknown): undefined => {
    remove(key)
    return drop(key, reason, cause)
  }

  return {
    read(key, schema) {
      touched.add(key)
      const raw = tryRun(() => backend.getItem(prefix + key))
      if (!raw.ok) return drop(key, 'unavailable', raw.error)
      const text = raw.value
      if (text === null) return undefined
      const json = tryRun(() => JSON.parse(text) as unknown)
      if (!json.ok) return discard(key, 'corrupt', json.error)
      const result = v.safeParse(schema, json.value)
      return result.success ? result.output : discard(key, 'invalid', result.issues)
    },
    write(key, value) {
      touched.add(key)
      try {
        // JSON has no form for undefined or functions; storing "undefined" would read back as corrupt.
        const json = JSON.stringify(value) as string | undefined
        if (json === undefined) backend.removeItem(prefix + key)
        else backend.setItem(prefix + key, json)
        return true
      } catch (error) {
        // Quota exceeded, storage switched off, or a BigInt or a cycle inside `value`.
        drop(key, 'write-failed', error)
        return false
      }
    },
    remove,
    clear() {
      for (const key of ownKeys(backend, prefix, touched)) remove(key)
    },
  }
}

/**
 * The recent wallets, most recent first (rules §9 keeps {@link RECENT_WALLETS_LIMIT}). Entries that do not parse are
 * skipped; an unsafe image URL is dropped from its entry.
 *
 * @example
 * readRecentWallets(storage) // [{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }]
 */
export function readRecentWallets(storage: StorageService): RecentWallet[] {
  const stored = storage.read(RECENT_WALLETS_KEY, v.array(v.unknown())) ?? []
  const wallets = stored.flatMap((entry) => {
    const result = v.safeParse(RecentWalletSchema, entry)
    return result.success ? [result.output] : []
  })
  return uniqueById(wallets).slice(0, RECENT_WALLETS_LIMIT)
}

/**
 * Puts `wallet` first among the recent wallets, removing an older entry with its id, keeping
 * {@link RECENT_WALLETS_LIMIT}, and returns the new list. A wallet without an id is ignored.
 *
 * @example
 * addRecentWallet(storage, { id: 'phantom', name: 'Phantom', imageUrl: 'https://example.com/phantom.png' })
 */
export function addRecentWallet(storage: StorageService, wallet: RecentWallet): RecentWallet[] {
  const current = readRecentWallets(storage)
  const result = v.safeParse(RecentWalletSchema, wallet)
  if (!result.success) return current
  const next = uniqueById([result.output, ...current]).slice(0, RECENT_WALLETS_LIMIT)
  storage.write(RECENT_WALLETS_KEY, next)
  return next
}

function defaultBackend(): StorageBackend {
  // Safari's private mode, disabled storage and sandboxed frames throw on access or on the first write.
  try {
    const storage = globalThis.localStorage
    const probe = `${PREFIX}:probe`
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return storage
  } catch {
    return createMemoryBackend()
  }
}

function ownKeys(backend: StorageBackend, prefix: string, touched: ReadonlySet<string>): string[] {
  try {
    if (typeof backend.length !== 'number' || typeof backend.key !== 'function') return [...touched]
    // Collect first: removing while iterating shifts the indexes.
    const keys: string[] = []
    for (let index = 0; index < backend.length; index++) {
      const key = backend.key(index)
      if (key?.startsWith(prefix)) keys.push(key.slice(prefix.length))
    }
    return keys
  } catch {
    return [...touched]
  }
}

function tryRun<T>(run: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: run() }
  } catch (error) {
    return { ok: false, error }
  }
}

function withSafeImage(wallet: RecentWallet): RecentWallet {
  const { imageUrl, ...rest } = wallet
  return isSafeImageUrl(imageUrl) ? { ...rest, imageUrl } : rest
}

function uniqueById(wallets: RecentWallet[]): RecentWallet[] {
  return wallets.filter((wallet, index) => wallets.findIndex((other) => other.id === wallet.id) === index)
}
