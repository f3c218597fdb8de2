import type { CaipNetworkId } from '../model/caip.js'
import type { Kernel } from '../core/createKernel.js'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError, UnsupportedChainError } from '../core/errors/catalogue.js'
import { isSameNetwork } from '../model/network.js'

export interface SwitchNetworkParameters {
  networkId: CaipNetworkId
}

/**
 * Asks the connected wallet to move to another network of the same namespace. Throws
 * 'Network not found' for a network no chain declares, and 'Unsupported chain' when the chain
 * cannot switch.
 */
export async function switchNetwork(kernel: Kernel, { networkId }: SwitchNetworkParameters): Promise<void> {
  const chain = kernel.chains.all().find((candidate) => candidate.networks.some((network) => isSameNetwork(network, networkId)))
  if (!chain) throw new NetworkNotFoundError({ details: `No chain plugin declares ${networkId}.` })
  const connection = kernel.store.getState().connection.namespaces[chain.namespace]
  if (connection?.status !== 'connected') throw new AddressOrAuthConnectorNotFoundError()
  const capability = chain.capabilities?.switchNetwork
  if (!capability) throw new UnsupportedChainError({ details: `The ${chain.namespace} chain cannot switch networks.` })
  await capability.switchNetwork(kernel, { networkId })
  kernel.dispatchConnection({ type: 'network-changed', namespace: chain.namespace, networkId })
}
