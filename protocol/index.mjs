// The "foyer/protocol" entry: what the client and the services both read and write, written once (docs/concepts/
// architecture.md). It imports nothing of Foyer and no peer: CAIP ids, address formats, base58, origin patterns, the
// sign-in grammar and Sign In With Solana, permits, the swap networks, the chain-neutral simulation and the one
// BaseError. What needs viem is "foyer/protocol/evm". Published as this source (plain JavaScript, its types in JSDoc),
// so the services run it on Node as it is.
export { BaseError } from './BaseError.mjs'
export { encodeBase58, decodeBase58 } from './base58.mjs'
export { isEvmAddress, isSolanaAddress, isSignedMessage, isTransactionHash, withHexPrefix } from './addresses.mjs'
export {
  CHAIN_NAMESPACES,
  InvalidCaip10AddressError,
  InvalidCaip2NetworkIdError,
  InvalidCaipAddressError,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.mjs'
export { isCspSource, originMatches } from './originMatches.mjs'
export { decodePermit } from './permits.mjs'
export { STATEMENT, SignInSyntaxError } from './signInGrammar.mjs'
export { formatSignInWithSolana, isSignInWithSolana, parseSignInWithSolana } from './signInWithSolana.mjs'
export { UNLIMITED_THRESHOLD } from './simulation.mjs'
export { SWAP_NETWORKS } from './swapNetworks.mjs'

/** @typedef {import('./BaseError.mjs').BaseErrorOptions} BaseErrorOptions */
/** @typedef {import('./caip.mjs').CaipAddress} CaipAddress */
/** @typedef {import('./caip.mjs').CaipNetworkId} CaipNetworkId */
/** @typedef {import('./caip.mjs').ChainNamespace} ChainNamespace */
/** @typedef {import('./caip.mjs').ParsedCaipAddress} ParsedCaipAddress */
/** @typedef {import('./caip.mjs').ParsedCaipNetworkId} ParsedCaipNetworkId */
/** @typedef {import('./permits.mjs').PermitAllowance} PermitAllowance */
/** @typedef {import('./signInWithSolana.mjs').SignInWithSolanaFields} SignInWithSolanaFields */
/** @typedef {import('./simulation.mjs').AssetChange} AssetChange */
/** @typedef {import('./simulation.mjs').Allowance} Allowance */
/** @typedef {import('./simulation.mjs').SimulatedCall} SimulatedCall */
/** @typedef {import('./simulation.mjs').Simulation} Simulation */
