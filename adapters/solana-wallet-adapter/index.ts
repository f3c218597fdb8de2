// The "foyer/solana-wallet-adapter" entry: Foyer's Solana connection as a Wallet Standard wallet, and the
// hook that keeps @solana/wallet-adapter-react on it. It loads only when a host imports it; React and the
// wallet adapter are the host's (optional peers).
export { createFoyerWallet, FOYER_WALLET_FEATURE, FOYER_WALLET_NAME, RESTORE_WAIT_MS } from './createFoyerWallet.js'
export type { FoyerWallet, FoyerWalletAccount, FoyerWalletChange, FoyerWalletOptions } from './createFoyerWallet.js'
export { registerFoyerWallet, registerWallet } from './registerFoyerWallet.js'
export { useFoyerWalletAdapter } from './useFoyerWalletAdapter.js'
export type { UseFoyerWalletAdapterParameters } from './useFoyerWalletAdapter.js'
