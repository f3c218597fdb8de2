import type { Kernel } from '../core/createKernel.js'
import { AdapterNotFoundError, ConnectionFailedError, ConnectionRejectedError } from '../core/errors/catalogue.js'
import { isUserRejection } from '../core/errors/isUserRejection.js'
import type { NamespaceConnection } from '../core/connection.js'
import type { Connector } from '../model/network.js'
import { addRecentWallet } from '../services/storage.js'
import { StorageToken } from '../core/tokens.js'

export interface ConnectParameters {
  /** A connector from `kernel.connectors` (listed in `kernel.store.getState().connection.connectors`). */
  connectorId: string
}

/** The connector's first namespace's connection, and every namespace it connected. */
export type ConnectReturnType = NamespaceConnection & { namespace: string; namespaces: readonly string[] }

export type ConnectErrorType = ConnectionRejectedError | ConnectionFailedError

/**
 * Connects a wallet through a registered connector, on every namespace it serves that a chain
 * plugin handles. Each namespace goes connecting, then connected or back to disconnected with the rules §8
 * wording ('Connection rejected', 'Failed to connect'); the first failure stops the rest. Resolves
 * once the plugins' `afterConnect` hooks are done (sign-in, the unsupported-network view …). A
 * connected wallet becomes a recent wallet (rules §9 keeps 2). A connector that is connected already
 * resolves with its connection without asking the wallet again.
 *
 * @example
 * await connect(kernel, { connectorId: 'io.metamask' })
 */
export async function connect(kernel: Kernel, { connectorId }: ConnectParameters): Promise<ConnectReturnType> {
  const connector = kernel.connectors.get(connectorId)?.connector
  if (!connector) throw new ConnectionFailedError({ details: `No connector has the id '${connectorId}'.` })
  const namespaces = connector.namespaces.filter((namespace) => kernel.chains.get(namespace))
  if (namespaces.length === 0) {
    throw new AdapterNotFoundError({ details: `No chain plugin serves ${connector.namespaces.join(', ') || 'this connector'}.` })
  }
  for (const namespace of namespaces) await connectNamespace(kernel, connector, namespace)
  // The Account view shows the connector's first namespace, not the last one connected.
  kernel.dispatchConnection({ type: 'namespace-activated', namespace: namespaces[0]! })
  remember(kernel, connector)
  const [namespace] = namespaces as [string, ...string[]]
  return { ...kernel.store.getState().connection.namespaces[namespace]!, namespace, namespaces }
}

async function connectNamespace(kernel: Kernel, connector: Connector, namespace: string): Promise<void> {
  const current = kernel.store.getState().connection.namespaces[namespace]
  if (current?.status !== 'connected' || current.connectorId !== connector.id) {
    kernel.dispatchConnection({ type: 'connecting', namespace, connectorId: connector.id })
    try {
      const networkId = kernel.options.defaultNetwork?.startsWith(`${namespace}:`) ? kernel.options.defaultNetwork : undefined
      const result = await kernel.chains.require(namespace).connect(kernel, { connectorId: connector.id, networkId })
      kernel.dispatchConnection({ type: 'connected', namespace, connectorId: connector.id, ...result, byVisitor: true })
    } catch (cause) {
      throw fail(kernel, namespace, isUserRejection(cause) ? new ConnectionRejectedError({ cause }) : failure(cause))
    }
    // Checked before the wallet is remembered: one that returned no account did not connect.
    if (kernel.store.getState().connection.namespaces[namespace]?.status !== 'connected') {
      throw fail(kernel, namespace, new ConnectionFailedError({ details: 'The wallet returned no account.' }))
    }
  }
  await kernel.afterConnect(namespace)
}

function failure(cause: unknown): ConnectionFailedError {
  return new ConnectionFailedError({ cause, details: cause instanceof Error ? cause.message : undefined })
}

function fail<E extends ConnectionRejectedError | ConnectionFailedError>(kernel: Kernel, namespace: string, error: E): E {
  kernel.dispatchConnection({ type: 'failed', namespace, error: error.shortMessage })
  return error
}

function remember(kernel: Kernel, connector: Connector): void {
  addRecentWallet(kernel.container.resolve(StorageToken), {
    id: connector.id,
    name: connector.name,
    imageUrl: connector.imageUrl,
    rdns: connector.info?.rdns,
  })
}
