// The local Solana node (litesvm behind Solana's JSON-RPC), for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
// SolanaPortInUseError: the stack's one PortInUseError, under the name this module has always exported.
export { PortInUseError as SolanaPortInUseError } from '../../listen.mjs'
export { BLOCKHASH_VALIDITY, LAMPORTS_PER_SIGNATURE, createLocalLedger } from './createLocalLedger.mjs'
export {
  DEV_FUNDING_LAMPORTS,
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  LOCAL_USDC_MINT,
  LOCAL_USDC_MINT_KEYPAIR,
  TEST_WALLET_ADDRESS,
  TEST_WALLET_KEYPAIR,
} from './devKeys.mjs'
export { FIXTURE_TOKEN_AMOUNT, LOCAL_USDC_DECIMALS, mintFixtureTokens } from './fixtureTokens.mjs'
export { DEFAULT_SOLANA_RPC_PORT, LOCAL_GENESIS_HASH, LOCAL_SOLANA_CHAIN_ID } from './localNetwork.mjs'
export { LOCAL_FEATURE_SET, LOCAL_SOLANA_CORE_VERSION, SEND_TRANSACTION_PREFLIGHT_FAILURE } from './solanaRpcMethods.mjs'
export { MAX_BODY_BYTES, startSolanaRpc } from './startSolanaRpc.mjs'
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './tokenAccounts.mjs'

/**
 * @typedef {import('./fixtureTokens.mjs').FixtureTokens} FixtureTokens
 * @typedef {import('./createLocalLedger.mjs').LocalLedger} LocalLedger
 * @typedef {import('./fixtureTokens.mjs').MintFixtureTokensOptions} MintFixtureTokensOptions
 * @typedef {import('./startSolanaRpc.mjs').SolanaRpcNode} SolanaRpcNode
 * @typedef {import('./startSolanaRpc.mjs').StartSolanaRpcOptions} StartSolanaRpcOptions
 * @typedef {import('./createLocalLedger.mjs').WireTransaction} WireTransaction
 */
