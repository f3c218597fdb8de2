import type { Kernel } from '../core/createKernel.js'
import { DisconnectFailedError } from '../core/errors/catalogue.js'
import { closeModal } from '../core/modal.js'

export interface DisconnectParameters {
  /** Only this namespace. @default every connected namespace */
  namespace?: string
}

/**
 * Disconnects and resets account, network and connector, then closes the modal (rules §4). The local
 * state is reset even when a wallet fails to let go; that failure is then thrown as
 * 'Failed to disconnect chains: …' (rules §8).
 */
export async function disconnect(kernel: Kernel, { namespace }: DisconnectParameters = {}): Promise<void> {
  const connected = Object.entries(kernel.store.getState().connection.namespaces)
    .filter(([name, connection]) => connection.status !== 'disconnected' && (namespace === undefined || name === namespace))
    .map(([name]) => name)
  const results = await Promise.allSettled(connected.map((name) => kernel.chains.require(name).disconnect(kernel)))
  for (const name of connected) kernel.dispatchConnection({ type: 'disconnected', namespace: name })
  closeModal(kernel)
  const failed = connected.filter((_, index) => results[index]?.status === 'rejected')
  if (failed.length > 0) {
    const causes = results.filter((result) => result.status === 'rejected').map((result) => result.reason)
    throw new DisconnectFailedError(failed, { cause: causes[0] })
  }
}
