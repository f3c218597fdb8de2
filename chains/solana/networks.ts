import type { Network } from 'foyer'
import { solanaNetwork } from './options.js'

/** Solana mainnet-beta's genesis hash. */
export const SOLANA_MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'

/** Solana devnet's genesis hash. */
export const SOLANA_DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'

/**
 * Solana mainnet-beta: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, also known to older wallets as
 * `solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ` (rules §3 deprecatedCaipNetworkId). Its public RPC is rate
 * limited: give `solana()` an `rpcUrls` entry for production.
 */
export const solanaMainnet: Network = /* @__PURE__ */ solanaNetwork({
  genesisHash: SOLANA_MAINNET_GENESIS_HASH,
  name: 'Solana',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  blockExplorer: { name: 'Solana Explorer', url: 'https://explorer.solana.com' },
  deprecatedCaipNetworkId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
})

/** Solana devnet: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`, formerly `solana:8E9rvCKLFQia2Y35HvivXYS8Ro66Fu6j`. */
export const solanaDevnet: Network = /* @__PURE__ */ solanaNetwork({
  genesisHash: SOLANA_DEVNET_GENESIS_HASH,
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  blockExplorer: { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=devnet' },
  testnet: true,
  deprecatedCaipNetworkId: 'solana:8E9rvCKLFQia2Y35HvivXYS8Ro66Fu6j',
})

/**
 * A local cluster (solana-test-validator, or Foyer's own `services/dev/solana`): its CAIP-2 id comes
 * from its genesis hash, so two local clusters are told apart.
 *
 * @param rpcUrl its JSON-RPC endpoint, http(s) (rules §5).
 * @param genesisHash what the node answers to `getGenesisHash`.
 * @param name @default 'Solana Localnet'
 * @throws {InvalidOptionsError} for an RPC URL that is not http(s) or a hash that is not base58.
 * @example
 * solanaLocalnet('http://127.0.0.1:8899', await rpc.getGenesisHash().send())
 */
export function solanaLocalnet(rpcUrl: string, genesisHash: string, name = 'Solana Localnet'): Network {
  return solanaNetwork({ genesisHash, name, rpcUrl, testnet: true })
}
