import type { CaipNetworkId } from '../../kernel/caip.js'
import type { Network } from '../../kernel/network.js'
import type { Eip1193Provider } from './provider.js'

/** The CAIP namespace of EVM chains. */
export const EVM_NAMESPACE = 'eip155'

/** The storage key of the connector to reconnect at the next visit (§4). */
export const LAST_CONNECTOR_KEY = 'evm:lastConnector'

/** What the chain keeps per kernel: one plugin object may serve several kernels. */
export interface EvmSession {
  /** Discovered wallets by connector id. */
  wallets: Map<string, Eip1193Provider>
  /** The connected wallet, listened to. */
  active?: { connectorId: string; provider: Eip1193Provider; unwatch: () => void }
  /** A remembered connector to reconnect as soon as discovery finds it (§4). */
  reconnectId?: string
  /** Bumped by every connect and disconnect, so that a reconnect that ends after one of them changes nothing. */
  epoch: number
}

/** What `evm()` was configured with. */
export interface EvmConfig {
  networks: readonly Network[]
  /** The URL balances are read from, by CAIP-2 id. */
  rpcUrls: ReadonlyMap<CaipNetworkId, string>
}
