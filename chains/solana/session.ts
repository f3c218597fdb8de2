import type { CaipNetworkId, ConnectResult, SignInFields, SignInMessage, TransferParameters, Network } from 'foyer'
import type { StandardWallet } from './walletStandard.js'

/** The CAIP namespace of Solana. */
export const SOLANA_NAMESPACE = 'solana'

/** The storage key of the wallet (and network) to reconnect at the next visit (rules §4). */
export const LAST_SESSION_KEY = 'solana:lastSession'

/** A connected Solana wallet. */
export interface ActiveSolanaWallet {
  connectorId: string
  wallet: StandardWallet
  unwatch: () => void
}

/** What the chain keeps per kernel: one plugin object may serve several kernels. */
export interface SolanaSession {
  active?: ActiveSolanaWallet
  /** A remembered session to restore as soon as discovery finds its wallet (rules §4). */
  reconnect?: { connectorId: string; networkId: CaipNetworkId }
  /** Bumped by every connect and disconnect, so that a reconnect that ends after one of them changes nothing. */
  epoch: number
}

/** What `solana()` was configured with. */
export interface SolanaConfig {
  networks: readonly Network[]
  /** The URL balances are read from, by CAIP-2 id. */
  rpcUrls: ReadonlyMap<CaipNetworkId, string>
}

/**
 * The wallet side of the chain in one kernel (walletSession.ts): what the manifest's required core
 * and capabilities hand on once that module has loaded.
 */
export interface WalletSession {
  connect(params: { connectorId: string; networkId?: CaipNetworkId }): Promise<ConnectResult>
  disconnect(): Promise<void>
  switchNetwork(networkId: CaipNetworkId): void
  signMessage(params: { address: string; message: string }): Promise<string>
  /** The signIn capability: `solana:signIn` when the wallet has it, else Sign In With Solana text through signMessage (signIn.ts, loaded on first use). */
  signIn(params: { message: SignInFields & { serializedMessage?: string } }): Promise<{ message: SignInMessage; signature: string }>
  /** The transfer capability: SOL or an SPL token through the wallet's signature (transfer.ts, loaded on first use). */
  transfer(params: TransferParameters): Promise<{ hash: string }>
  /** Stops discovery and listening; the kernel is being destroyed. */
  stop(): void
}
