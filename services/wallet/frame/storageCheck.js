// Whether this browser lets the frame keep what a wallet needs (KEYS.md): IndexedDB, where this browser's share of the
// key lives, and the wallet's cookies, which carry the session. A frame on another site than the page gets neither
// where the browser blocks storage for embedded sites (Chromium with storage partitioning off, a policy, a privacy
// setting): there a sign-up would make a key this browser cannot keep. The frame checks before a login starts, so the
// visitor learns why before a code is even mailed (docs/wallets.md#browsers-that-block-storage).
import { openStore } from './deviceShares.js'

/** The refusal's code, for the host (PROTOCOL.md). */
export const STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE'

const BLOCKED = {
  indexedDB:
    'This browser blocks storage for sites embedded in other sites, so the wallet cannot keep its key here. Allow cookies and site data for embedded sites (third-party) in your browser’s settings, or use another browser.',
  cookie:
    'This browser blocks cookies for sites embedded in other sites, so the wallet cannot keep you signed in here. Allow third-party cookies for this site in your browser’s settings, or use another browser.',
}

/**
 * Undefined when the frame can keep a key and a session; otherwise the refusal `{ message, code }` to answer the host.
 *
 * @param {(path: string, body: Record<string, unknown>) => Promise<{ cookie: boolean }>} backend the frame's POST
 * @returns {Promise<{ message: string, code: string } | undefined>}
 */
export async function storageProblem(backend) {
  if (!(await canOpenIndexedDB())) return { message: BLOCKED.indexedDB, code: STORAGE_UNAVAILABLE }
  // The service sets its device cookie when a request has none: a second request without it means none is kept.
  const cookieKept = (await backend('/v1/frame/storage', {})).cookie || (await backend('/v1/frame/storage', {})).cookie
  return cookieKept ? undefined : { message: BLOCKED.cookie, code: STORAGE_UNAVAILABLE }
}

/** Opening the frame's own database (deviceShares.js) is what a blocking browser refuses. */
const canOpenIndexedDB = () =>
  openStore().then(
    (db) => {
      db.close()
      return true
    },
    () => false,
  )

/**
 * The check for a login's start: once per document (the browser's settings need a reload to change), again after the
 * service did not answer.
 *
 * @param {Parameters<typeof storageProblem>[0]} backend
 */
export function createStorageCheck(backend) {
  /** @type {Promise<{ message: string, code: string } | undefined> | undefined} */
  let checked
  return () =>
    (checked ??= storageProblem(backend).catch(() => {
      // The service did not answer: the login itself will say so; the next one checks again.
      checked = undefined
      return undefined
    }))
}
