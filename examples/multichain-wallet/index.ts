// A third-party connector plugin, written against Foyer's public API only (as a package outside
// this repository would be). It is the proof that a plugin that is not a chain can offer a wallet:
// one object, one connector, two namespaces. Choosing it connects the wallet's EVM account through
// evm() and its Solana account through solana() at once, as an embedded wallet's one login does.
import { definePlugin, isSafeImageUrl, type Plugin } from 'foyer'
import type { Eip1193Provider } from 'foyer/chains/evm'
import type { StandardWallet } from 'foyer/chains/solana'

/** A wallet that holds an EVM and a Solana account. */
export interface MultichainWallet {
  /** Its connector id. */
  id: string
  name: string
  /** https or data:image. */
  icon?: string
  /** The EVM side: an EIP-1193 provider. */
  ethereum: Eip1193Provider
  /** The Solana side: a Wallet Standard wallet with a `solana:` chain. */
  solana: StandardWallet
}

/**
 * Offers `wallet` on Connect as one entry that connects eip155 and solana together. Needs evm()
 * and solana() in `plugins`: each chain connects its namespace through the provider handed here.
 *
 * @example
 * createKernel({ projectId, plugins: [evm({ networks }), solana({ networks: solanaNetworks }), multichainWallet({ wallet })] })
 */
export function multichainWallet({ wallet }: { wallet: MultichainWallet }): Plugin {
  return definePlugin({
    name: `multichain-wallet:${wallet.id}`,
    setup: (kernel) =>
      kernel.connectors.register({
        connector: {
          id: wallet.id,
          name: wallet.name,
          namespaces: ['eip155', 'solana'],
          type: 'injected',
          installed: true,
          ...(isSafeImageUrl(wallet.icon) && { imageUrl: wallet.icon }),
        },
        providers: { eip155: wallet.ethereum, solana: wallet.solana },
      }),
  })
}
