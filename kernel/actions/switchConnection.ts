import type { Kernel } from '../core/createKernel.js'
import { BaseError, type BaseErrorOptions } from '../core/errors/BaseError.js'
import { ConnectionFailedError } from '../core/errors/catalogue.js'
import { openModal } from '../core/modal.js'
import { connect } from './connect.js'

/** rules §4: a connection's status is connected, active or disconnected; anything else is refused. */
export class InvalidConnectionStatusError extends BaseError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: unknown, options?: BaseErrorOptions) {
    super(`Invalid connection status: ${String(status)}`, options)
  }
}

/** rules §4: the statuses a connection is switched to. */
export type ConnectionSwitchStatus = 'connected' | 'active' | 'disconnected'

export interface SwitchConnectionParameters {
  /** The connection's connector. */
  connectorId: string
  /** The namespace of the connection. */
  namespace: string
  /** What the connection becomes. Anything but connected, active or disconnected is refused. */
  status: ConnectionSwitchStatus
  /** The account the visitor picked, for a connector whose accounts come in types (the embedded wallet). */
  address?: string
}

export type SwitchConnectionErrorType = InvalidConnectionStatusError | ConnectionFailedError

/**
 * Switches to one of a visitor's connections (rules §4, ProfileWallets). `connected` or `active` reconnects the
 * connector (at once when it is the namespace's connector already) and, for a connector with account types, settles
 * the type: smartAccount when `address` is the smart account and the network offers one, otherwise eoa; `active`
 * also makes it the namespace the Account view shows. `disconnected` runs the connector's own login flow (social,
 * email, WalletConnect) in the modal. Any other status throws 'Invalid connection status: {status}'.
 *
 * @example
 * await switchConnection(kernel, { connectorId: 'email', namespace: 'eip155', status: 'active', address })
 */
export async function switchConnection(
  kernel: Kernel,
  { connectorId, namespace, status, address }: SwitchConnectionParameters,
): Promise<void> {
  if (status !== 'connected' && status !== 'active' && status !== 'disconnected') throw new InvalidConnectionStatusError(status)
  const registration = kernel.connectors.get(connectorId)
  if (!registration?.connector.namespaces.includes(namespace)) {
    throw new ConnectionFailedError({ details: `No connector '${connectorId}' serves ${namespace}.` })
  }
  if (status === 'disconnected') {
    const route = kernel.connectors.routeOf(connectorId)
    openModal(kernel, { view: route.view, params: route.params } as Parameters<typeof openModal>[1])
    return
  }
  const shown = kernel.store.getState().connection.activeNamespace
  await connect(kernel, { connectorId })
  await kernel.connectors.capability(connectorId, 'switchAccountType')?.({ namespace, ...(address !== undefined && { address }) })
  // connect() shows the connector's first namespace; 'connected' leaves the Account view where it was.
  const keep = status === 'active' ? namespace : (shown ?? namespace)
  kernel.dispatchConnection({ type: 'namespace-activated', namespace: keep })
}
