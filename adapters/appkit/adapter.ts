// What an adapter is to createAppKit: the chain family it brings (its CAIP namespace) and how to make Foyer's chain for
// the app's networks of that family. AppKit's adapters carry a client library each; Foyer's chains carry their own.
import type { ChainPlugin, Kernel, Network } from 'foyer'

/** What createAppKit needs to make the chain of an adapter's family. */
export interface ChainSetup {
  /** The app's networks of this family, in its order. */
  networks: readonly Network[]
  /** The Reown project id, for WalletConnect; absent when the app turned WalletConnect off. */
  walletConnectProjectId?: string
  /** customRpcUrls by CAIP-2 id: the first URL of each. */
  rpcUrls: Readonly<Record<string, string>>
}

/** An adapter as createAppKit reads it. */
export interface AppKitAdapter {
  /** The CAIP namespace of its networks: `eip155`, `solana`. */
  readonly namespace: string
  /** Foyer's chain for the app's networks of this family. */
  chain(setup: ChainSetup): ChainPlugin
  /** Told the kernel createAppKit built, for what the adapter made before it (WagmiAdapter's wagmi config). */
  bind?(kernel: Kernel): void
}
