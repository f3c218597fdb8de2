import type { CaipNetworkId, Network } from 'foyer'
import type { Eip1193Provider } from './provider.js'
import type { WalletConnectRuntime } from './walletConnect.js'

/** The CAIP namespace of EVM chains. */
export const EVM_NAMESPACE = 'eip155'

/** The storage key of the connector to reconnect at the next visit (rules §4). */
export const LAST_CONNECTOR_KEY = 'evm:lastConnector'

/** The id (and the recent-wallet id) of the WalletConnect connector. */
export const WALLET_CONNECT_ID = 'walletConnect'

/** What the chain keeps per kernel (in its container): one plugin object may serve several kernels. */
export interface EvmSession {
  /** The connected wallet, listened to. */
  active?: { connectorId: string; provider: Eip1193Provider; unwatch: () => void }
  /** A remembered connector to reconnect as soon as discovery finds it (rules §4). */
  reconnectId?: string
  /** Bumped by every connect and disconnect, so that a reconnect that ends after one of them changes nothing. */
  epoch: number
  /** The WalletConnect client and pairing, once WalletConnect is used. */
  walletConnect?: WalletConnectRuntime
}

/** `evm({ walletConnect })` after checking. */
export interface WalletConnectConfig {
  projectId: string
  relayUrl?: string
  metadata?: { name: string; description?: string; url?: string; icons?: readonly string[] }
}

/** What `evm()` was configured with. */
export interface EvmConfig {
  networks: readonly Network[]
  /** The URL balances are read from, by CAIP-2 id. */
  rpcUrls: ReadonlyMap<CaipNetworkId, string>
  /** Set when the site offers WalletConnect. */
  walletConnect?: WalletConnectConfig
}
