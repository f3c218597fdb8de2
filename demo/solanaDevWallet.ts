// The demo's Solana dev wallet: 'Foyer Dev Wallet' registered through the Wallet Standard, signing
// with the local node's funded dev key (services/dev/solana/devKeys.mjs, public test material). It is
// the reusable test wallet (test/solanaWallet.ts), approving everything and remembering the
// connection across reloads. main.tsx loads this module after the page, like an extension would
// register, so @solana/kit costs the first paint nothing.
import { DEV_WALLET_KEYPAIR } from '../services/dev/solana/devKeys.mjs'
import { createSolanaWallet, registerSolanaWallet } from '../test/solanaWallet.js'

const ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="16" fill="#7c3aed"/><path d="M18 22h28v22H18z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><circle cx="38" cy="33" r="3" fill="#fff"/></svg>',
)}` as const

/** Registers the wallet; it answers the page whether the page's Foyer starts before or after. */
export function registerSolanaDevWallet(): void {
  const { wallet } = createSolanaWallet({
    name: 'Foyer Dev Wallet',
    keypair: DEV_WALLET_KEYPAIR,
    icon: ICON,
    chains: ['solana:localnet'],
    // Signs in with its own solana:signIn, as Phantom and Solflare do.
    signIn: true,
    storage: globalThis.localStorage,
  })
  registerSolanaWallet(wallet)
}
