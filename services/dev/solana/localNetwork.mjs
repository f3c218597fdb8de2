// Identity of the local Solana network. No imports, so browser code (the demo, the chain plugin) can use it.

/**
 * The genesis hash the local node reports from `getGenesisHash`: base58 of sha256('foyer-local-solana-genesis'),
 * fixed so wallets and the chain plugin can recognise the network across restarts.
 */
export const LOCAL_GENESIS_HASH = 'FgvtmNHsLczMT6x5ny9wkdSW7Mo7aBFd2VXiYvEcUpiC'

/** CAIP-2 id of the local network: `solana:` and the first 32 characters of the genesis hash. */
export const LOCAL_SOLANA_CHAIN_ID = `solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`

/** The node's default port. @default 8899, Solana's own RPC port */
export const DEFAULT_SOLANA_RPC_PORT = 8899
