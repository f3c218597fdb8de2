import type { CaipNetworkId } from 'foyer/protocol'
import type { Kernel } from '../core/createKernel.js'
import { raiseAlert } from '../core/alerts.js'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError, UnsupportedChainError } from '../core/errors/catalogue.js'
import { isSameNetwork } from '../model/network.js'

export interface SwitchNetworkParameters {
  networkId: CaipNetworkId
}

/**
 * Asks the connected wallet to move to another network of the same namespace. A network no chain
 * declares raises the 'Network Not Found' alert (rules §8's switch-network-not-found alert, once per kind,
 * rules §4) and throws 'Network not found'; a chain that cannot switch throws 'Unsupported chain'.
 */
export async function switchNetwork(kernel: Kernel, { networkId }: SwitchNetworkParameters): Promise<void> {
  const chain = kernel.chains.all().find((candidate) => candidate.networks.some((network) => isSameNetwork(network, networkId)))
  if (!chain) {
    raiseAlert(kernel, 'NETWORK_NOT_FOUND')
    throw new NetworkNotFoundError({ details: `No chain plugin declares ${networkId}.` })
  }
  const connection = kernel.store.getState().connection.namespaces[chain.namespace]
  if (connection?.status !== 'connected') throw new AddressOrAuthConnectorNotFoundError()
  const capability = chain.capabilities?.switchNetwork
  if (!capability) throw new UnsupportedChainError({ details: `The ${chain.namespace} chain cannot switch networks.` })
  await capability.switchNetwork(kernel, { networkId })
  kernel.dispatchConnection({ type: 'network-changed', namespace: chain.namespace, networkId })
}
