// The self-hostable blockchain data service (rules §7), for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { HISTORY_PAGE_SIZE } from './accountHistory.mjs'
export { DEFAULT_PRICES, createPriceTable } from './createPriceTable.mjs'
export { POOL_PRICE_TTL_MS } from './createPricing.mjs'
export { createEvmChain } from './evmChain.mjs'
export { MULTICALL3_ADDRESS } from './multicall3.mjs'
export { UNISWAP_DEFAULT_LIST, loadTokenLists } from './tokenLists.mjs'
export { MAX_PRICE_ADDRESSES } from './createRoutes.mjs'
export { NAMES_MIGRATIONS } from './names/migrations.mjs'
export { DEFAULT_NAME_ZONE, MESSAGE_MAX_AGE_S, coinTypeOfChain } from './names/rules.mjs'
export { ONRAMP_MIGRATIONS } from './onramp/migrations.mjs'
export { ONRAMP_PROVIDERS, PAYMENT_METHOD_LIMITS } from './onramp/onrampRules.mjs'
export { ONRAMP_TREASURY } from './onramp/treasury.mjs'
export { parseTokenUri } from './parseTokenUri.mjs'
export { DEFAULT_API_PORT, DEFAULT_SIGN_IN_ORIGINS, MAX_BODY_BYTES, startApi } from './startApi.mjs'
export { NONCE_TTL_MS } from './sessions/sessionRoutes.mjs'
export { SESSIONS_MIGRATIONS } from './sessions/migrations.mjs'
export { tokenIconUrl } from './tokenIconUrl.mjs'
export { NATIVE_TOKEN, getAmountOut } from './createAmm.mjs'
export { SWAP_NETWORKS } from 'foyer/protocol'

/**
 * @typedef {import('./startApi.mjs').ApiChain} ApiChain
 * @typedef {import('./startApi.mjs').ApiOnramp} ApiOnramp
 * @typedef {import('./startApi.mjs').ApiSolana} ApiSolana
 * @typedef {import('./startApi.mjs').BlockchainApi} BlockchainApi
 * @typedef {import('./evmChain.mjs').ChainTransaction} ChainTransaction
 * @typedef {import('./evmChain.mjs').EvmChain} EvmChain
 * @typedef {import('./evmChain.mjs').HistoryOption} HistoryOption
 * @typedef {import('./evmChain.mjs').HistoryTransfer} HistoryTransfer
 * @typedef {import('./accountBalances.mjs').SolanaToken} SolanaToken
 * @typedef {import('./startApi.mjs').StartApiOptions} StartApiOptions
 * @typedef {import('./evmChain.mjs').TokenInfo} TokenInfo
 * @typedef {import('./tokenLists.mjs').ListedToken} ListedToken
 */
