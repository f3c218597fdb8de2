// This browser's share of each user's secret (services/wallet/KEYS.md), in the frame's IndexedDB: AES-256-GCM under
// a non-extractable WebCrypto key kept beside it, so script on this origin can use the key but nothing can read
// it out. The frame's storage is partitioned by the embedding site, as its session cookie is.

const DATABASE = 'foyer-wallet'
const STORE = 'shares'

/** The frame's database (throws, or fails, where the browser gives the frame no storage). @returns {Promise<IDBDatabase>} */
export function openStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** @template T @param {IDBTransactionMode} mode @param {(store: IDBObjectStore) => IDBRequest<T>} use @returns {Promise<T>} */
async function withStore(mode, use) {
  const db = await openStore()
  try {
    return await new Promise((resolve, reject) => {
      const request = use(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

/**
 * Keeps `share` as this browser's share of the user's secret, replacing any earlier one.
 *
 * @param {string} userId @param {Uint8Array} share
 */
export async function keepDeviceShare(userId, share) {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, /** @type {BufferSource} */ (share)))
  await withStore('readwrite', (store) => store.put({ key, iv, sealed }, userId))
  // A wallet exists here now: ask the browser not to clear its storage under pressure (it may say no, as it does to
  // most embedded frames; the backup is what outlives the browser, docs/wallets.md#backup).
  void navigator.storage?.persist?.().catch(() => false)
}

/**
 * This browser's share of the user's secret, or undefined when it has none (a new browser, or storage cleared).
 *
 * @param {string} userId
 * @returns {Promise<Uint8Array | undefined>}
 */
export async function deviceShare(userId) {
  const kept = await withStore('readonly', (store) => store.get(userId))
  if (!kept) return undefined
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: kept.iv }, kept.key, kept.sealed))
}

/** Forgets this browser's share (a share that no longer matches the wallet). @param {string} userId */
export async function forgetDeviceShare(userId) {
  await withStore('readwrite', (store) => store.delete(userId))
}
