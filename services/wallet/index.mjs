// The embedded wallet service: the secure frame, email login, sealed keys, approvals. PROTOCOL.md is its contract.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { originMatches } from '../http/index.mjs'
export { CODE_TTL_MS, MAIL_COOLDOWN_MS, MAX_TRIES } from './codes.mjs'
export { createWalletApp } from './createWalletApp.mjs'
export { FRAME_VERSION } from './routes/framePageRoutes.mjs'
export { MASTER_KEY_FILE, loadMasterKey } from './masterKey.mjs'
export { PENDING_TRANSACTIONS_LIMIT, SAFE_EVM_METHODS, SAFE_SOLANA_METHODS, UNSAFE_METHODS } from './rpc.mjs'
export { DEVICE_COOKIE, SESSION_COOKIE } from './session.mjs'
export { SOCIAL_PROVIDERS } from './social.mjs'
export { DEFAULT_WALLET_PORT, startWallet } from './startWallet.mjs'

/**
 * @typedef {import('./social.mjs').SocialProvider} SocialProvider
 * @typedef {import('./createWalletApp.mjs').WalletAppOptions} WalletAppOptions
 * @typedef {import('./startWallet.mjs').WalletService} WalletService
 */
