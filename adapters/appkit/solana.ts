// The "foyer/appkit/adapter-solana" entry: AppKit's SolanaAdapter. Foyer's Solana chain finds the page's Wallet
// Standard wallets itself and reads with @solana/kit (the host's peer); useAppKitProvider('solana') gives the wallet.
import { InvalidOptionsError } from 'foyer'
import { solana } from 'foyer/chains/solana'
import type { AppKitAdapter, ChainSetup } from './adapter.js'

/** AppKit's SolanaAdapter options: none that Foyer needs. */
export interface SolanaAdapterOptions {
  /** wallet-adapter wallet objects: Foyer refuses them (it finds Wallet Standard wallets itself). */
  wallets?: readonly unknown[]
}

/**
 * The Solana family for createAppKit, as AppKit's SolanaAdapter: Foyer's Solana chain over the app's `solana` networks.
 *
 * @throws {InvalidOptionsError} for `wallets`: Foyer lists the page's Wallet Standard wallets itself, and has no
 *   wallet-adapter wallet of its own to add.
 */
export class SolanaAdapter implements AppKitAdapter {
  readonly namespace = 'solana'

  constructor(options: SolanaAdapterOptions = {}) {
    if (options.wallets?.length)
      throw new InvalidOptionsError(
        'SolanaAdapter: `wallets` is not supported. Foyer lists the Wallet Standard wallets the page has; remove the option.',
      )
  }

  chain({ networks, rpcUrls }: ChainSetup) {
    return solana({ networks, rpcUrls })
  }
}
