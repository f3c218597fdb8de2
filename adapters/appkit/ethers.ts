// The "foyer/appkit/adapter-ethers" entry: AppKit's EthersAdapter. Foyer connects EVM wallets itself (its EVM chain);
// the app keeps ethers, over the wallet's EIP-1193 provider that useAppKitProvider('eip155') gives.
import { evm } from 'foyer/chains/evm'
import type { AppKitAdapter, ChainSetup } from './adapter.js'

/**
 * The EVM family for createAppKit, as AppKit's EthersAdapter: Foyer's EVM chain over the app's `eip155` networks, with
 * WalletConnect on the Reown project id. Takes no options (AppKit's takes none either).
 *
 * @example
 * createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet], projectId, metadata })
 */
export class EthersAdapter implements AppKitAdapter {
  readonly namespace = 'eip155'

  chain({ networks, walletConnectProjectId, rpcUrls }: ChainSetup) {
    const byChainId = Object.fromEntries(
      networks.filter((network) => rpcUrls[network.caipNetworkId]).map((network) => [network.id, rpcUrls[network.caipNetworkId]!]),
    )
    return evm({
      networks,
      rpcUrls: byChainId,
      ...(walletConnectProjectId && { walletConnect: { projectId: walletConnectProjectId } }),
    })
  }
}
