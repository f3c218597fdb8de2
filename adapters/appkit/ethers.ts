// The "foyer/appkit/adapter-ethers" entry: AppKit's EthersAdapter. Foyer connects EVM wallets itself (its EVM chain);
// the app keeps ethers, over the wallet's EIP-1193 provider that useAppKitProvider('eip155') gives.
import type { AppKitAdapter, ChainSetup } from './adapter.js'
import { evmChainOf } from './evmChain.js'

/**
 * The EVM family for createAppKit, as AppKit's EthersAdapter: Foyer's EVM chain over the app's `eip155` networks, with
 * WalletConnect on the Reown project id. Takes no options (AppKit's takes none either).
 *
 * @example
 * createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet], projectId, metadata })
 */
export class EthersAdapter implements AppKitAdapter {
  readonly namespace = 'eip155'

  chain(setup: ChainSetup) {
    return evmChainOf(setup)
  }
}
