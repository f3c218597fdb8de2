// rules §4: a reload brings back the namespace the visitor was shown. Each chain restores its own session and the
// connections arrive in any order (the embedded wallet restores eip155 and solana at once); the connection reducer
// keeps the remembered namespace's place while it is being restored (`restoring`), and this module remembers it.
import * as v from 'valibot'
import type { Kernel } from './createKernel.js'
import { StorageToken } from './tokens.js'

/** The storage key of the namespace the Account view shows, kept for the next visit. */
export const SHOWN_NAMESPACE_KEY = 'connection:shownNamespace'

/**
 * How long the remembered namespace has to start restoring (its chain dispatches `connecting`) before the others are
 * shown without it: its wallet may be gone. Once started, its restore is waited for (it ends connected or not).
 */
export const RESTORE_START_MS = 3_000

/**
 * Starts waiting for the remembered namespace, and from then on remembers the shown one. With reconnecting off the
 * sessions are dropped (rules §4), and so is the namespace. Returns the subscription's end.
 */
export function restoreShownNamespace(kernel: Kernel): () => void {
  const storage = kernel.container.resolve(StorageToken)
  const remembered = kernel.options.enableReconnect ? storage.read(SHOWN_NAMESPACE_KEY, v.string()) : undefined
  if (remembered !== undefined && kernel.chains.get(remembered)) {
    kernel.dispatchConnection({ type: 'restore-started', namespace: remembered })
    kernel.schedule(() => {
      const { restoring, namespaces } = kernel.store.getState().connection
      if (restoring === remembered && namespaces[remembered]?.status !== 'connecting') {
        kernel.dispatchConnection({ type: 'restore-abandoned' })
      }
    }, RESTORE_START_MS)
  } else if (!kernel.options.enableReconnect) {
    storage.remove(SHOWN_NAMESPACE_KEY)
  }
  // Only what the visitor saw once the restore is over: a namespace shown meanwhile is not their choice.
  return kernel.store.select(
    ({ connection }) => (connection.restoring === undefined ? (connection.activeNamespace ?? null) : undefined),
    (shown) => {
      if (shown === null) storage.remove(SHOWN_NAMESPACE_KEY)
      else if (shown !== undefined) storage.write(SHOWN_NAMESPACE_KEY, shown)
    },
  )
}
