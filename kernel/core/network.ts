import type { Kernel } from './createKernel.js'
import { selectActiveConnection, type ConnectionState } from './connection.js'
import type { CaipNetworkId } from 'foyer/protocol'
import { isSameNetwork, type Network } from '../model/network.js'

/** The network of the active connection, and every network the chains declare. */
export interface NetworkInfo {
  networkId?: CaipNetworkId
  /** The network, when the active chain declares it. */
  network?: Network
  /** False when the wallet sits on a network this site did not configure (rules §4). */
  isSupported: boolean
  /** Every network the chain plugins declare. */
  networks: readonly Network[]
}

/** The active connection's network over a given connection state (what `useNetwork` and the elements read). */
export function networkStateOf(kernel: Kernel, connection: ConnectionState): NetworkInfo {
  const networks = kernel.chains.networks()
  const networkId = selectActiveConnection(connection)?.networkId
  const network = networkId ? networks.find((candidate) => isSameNetwork(candidate, networkId)) : undefined
  return { networkId, network, isSupported: !networkId || network !== undefined, networks }
}
