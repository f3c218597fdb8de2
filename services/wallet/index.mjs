// The embedded wallet service: the secure frame, email login, sealed keys, approvals. PROTOCOL.md is its contract.
// Types: index.d.mts (import from this file, not from the modules behind it).
export { originMatches } from '../http/index.mjs';
export { CODE_TTL_MS, MAIL_COOLDOWN_MS, MAX_TRIES } from './codes.mjs';
export { FRAME_VERSION, createWalletApp } from './createWalletApp.mjs';
export { MASTER_KEY_FILE, loadMasterKey } from './masterKey.mjs';
export { PENDING_TRANSACTIONS_LIMIT, SAFE_EVM_METHODS, SAFE_SOLANA_METHODS, UNSAFE_METHODS } from './rpc.mjs';
export { DEVICE_COOKIE, SESSION_COOKIE } from './session.mjs';
export { SOCIAL_PROVIDERS } from './social.mjs';
export { DEFAULT_WALLET_PORT, startWallet } from './startWallet.mjs';
