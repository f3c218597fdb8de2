// The EVM family as both EVM adapters (EthersAdapter, WagmiAdapter) hand it to createAppKit.
import { evm } from 'foyer/chains/evm'
import type { ChainSetup } from './adapter.js'

/** Foyer's EVM chain over the app's `eip155` networks and their RPC URLs, with WalletConnect on the Reown project id. */
export function evmChainOf({ networks, walletConnectProjectId, rpcUrls }: ChainSetup) {
  const byChainId = Object.fromEntries(
    networks.filter((network) => rpcUrls[network.caipNetworkId]).map((network) => [network.id, rpcUrls[network.caipNetworkId]!]),
  )
  return evm({
    networks,
    rpcUrls: byChainId,
    ...(walletConnectProjectId && { walletConnect: { projectId: walletConnectProjectId } }),
  })
}
