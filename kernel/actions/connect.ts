import type { Kernel } from '../createKernel.js'
import { ConnectionFailedError, ConnectionRejectedError } from '../errors/catalogue.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import type { NamespaceConnection } from '../connection.js'
import { addRecentWallet } from '../storage.js'
import { StorageToken } from '../tokens.js'

export interface ConnectParameters {
  /** A connector from `kernel.store.getState().connection.connectors`. */
  connectorId: string
}

export type ConnectReturnType = NamespaceConnection & { namespace: string }

export type ConnectErrorType = ConnectionRejectedError | ConnectionFailedError

/**
 * Connects a wallet through one of the chains' connectors. The namespace goes connecting, then
 * connected or back to disconnected with the §8 wording ('Connection rejected', 'Failed to connect').
 * A connected wallet becomes a recent wallet (§9 keeps 2).
 *
 * @example
 * await connect(kernel, { connectorId: 'io.metamask' })
 */
export async function connect(kernel: Kernel, { connectorId }: ConnectParameters): Promise<ConnectReturnType> {
  const connector = kernel.store.getState().connection.connectors.find((candidate) => candidate.id === connectorId)
  if (!connector) throw new ConnectionFailedError({ details: `No connector has the id '${connectorId}'.` })
  const namespace = connector.chain
  const chain = kernel.chains.require(namespace)
  kernel.dispatchConnection({ type: 'connecting', namespace, connectorId })
  try {
    const networkId = kernel.options.defaultNetwork?.startsWith(`${namespace}:`) ? kernel.options.defaultNetwork : undefined
    const result = await chain.connect(kernel, { connectorId, networkId })
    kernel.dispatchConnection({ type: 'connected', namespace, connectorId, ...result })
  } catch (cause) {
    const error = isUserRejection(cause)
      ? new ConnectionRejectedError({ cause })
      : new ConnectionFailedError({ cause, details: cause instanceof Error ? cause.message : undefined })
    kernel.dispatchConnection({ type: 'failed', namespace, error: error.shortMessage })
    throw error
  }
  // Checked before the wallet is remembered: one that returned no account did not connect.
  const connection = kernel.store.getState().connection.namespaces[namespace]
  if (connection?.status !== 'connected') {
    const error = new ConnectionFailedError({ details: 'The wallet returned no account.' })
    kernel.dispatchConnection({ type: 'failed', namespace, error: error.shortMessage })
    throw error
  }
  addRecentWallet(kernel.container.resolve(StorageToken), {
    id: connector.id,
    name: connector.name,
    imageUrl: connector.imageUrl,
    rdns: connector.info?.rdns,
  })
  return { ...connection, namespace }
}
