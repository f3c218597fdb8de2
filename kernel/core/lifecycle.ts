// Lifecycle hooks: what plugins run between a wallet connecting and the modal closing (sign-in,
// the unsupported-network view …).
import type { NamespaceConnection } from './connection.js'
import type { Kernel } from './createKernel.js'
import { PluginError } from './errors/catalogue.js'
import type { Plugin } from './plugin.js'

export interface AfterConnectContext {
  namespace: string
  /** The namespace's connection as it stands when the hook starts. */
  connection: NamespaceConnection
}

/** Hooks a plugin may declare. */
export interface PluginHooks {
  /**
   * Runs each time a namespace becomes connected, by the visitor or by restoring a session: in
   * plugin order, each awaited before the next. It may show a view and wait for its answer
   * (`kernel.router.request`); `connect()` resolves, and a connecting view closes the modal, only
   * after every hook is done. A throw stops the hooks after it and fails `connect()` with the error
   * under the plugin's name; the namespace stays connected (the hook decides whether to disconnect).
   */
  afterConnect?(kernel: Kernel, context: AfterConnectContext): void | Promise<void>
}

/** Runs every plugin's `afterConnect` for `namespace`, stopping if the namespace disconnects meanwhile. */
export async function runAfterConnect(kernel: Kernel, plugins: readonly Plugin[], namespace: string): Promise<void> {
  for (const plugin of plugins) {
    const hook = plugin.hooks?.afterConnect
    if (!hook) continue
    const connection = kernel.store.getState().connection.namespaces[namespace]
    if (connection?.status !== 'connected' || kernel.isDestroyed()) return
    try {
      await hook(kernel, { namespace, connection })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new PluginError(plugin.name, `afterConnect failed: ${message}`, { cause: error })
    }
  }
}
