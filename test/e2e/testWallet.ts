// The wallets the end-to-end tests inject into the page before the demo loads: the demo's own
// development wallet, announced as 'Test Wallet', signing with a real anvil key; and 'Test Solana
// Wallet', registered through the Wallet Standard, signing with the local Solana node's funded test
// key. A test decides per request whether the visitor approves, by EVM method or Wallet Standard
// feature: `window.__testWallet.reject('personal_sign')`, `….reject('solana:signMessage')`. What the visitor was asked
// on this page is in `evmPrompts` (EVM methods) and `solanaCalls`.
import { announceWallet, createDevWallet, type DevWalletChain } from '../../demo/devWallet.js'
import { createSolanaWallet, registerSolanaWallet } from '../solanaWallet.js'

interface TestWalletConfig {
  privateKey: `0x${string}`
  chains: DevWalletChain[]
  solana: { keypair: number[] }
}

declare global {
  interface Window {
    __testWalletConfig: TestWalletConfig
    __testWallet: {
      reject(method: string): void
      approve(method: string): void
      address: string
      solanaAddress: string
      /** The EVM requests that asked for the visitor's consent on this page, in order. */
      evmPrompts: readonly string[]
      solanaCalls: readonly string[]
    }
  }
}

const rejected = new Set<string>()
const evmPrompts: string[] = []
const config = window.__testWalletConfig
const wallet = createDevWallet({
  name: 'Test Wallet',
  rdns: 'test.foyer.wallet',
  privateKey: config.privateKey,
  chains: config.chains,
  approve: (method) => {
    evmPrompts.push(method)
    return !rejected.has(method)
  },
})
const solanaWallet = createSolanaWallet({
  name: 'Test Solana Wallet',
  keypair: config.solana.keypair,
  chains: ['solana:localnet'],
  // Like Phantom or Solflare, it writes and signs Sign In With Solana messages itself (solana:signIn).
  signIn: true,
  approve: (feature) => !rejected.has(feature),
  // Like a real wallet, it remembers the sites it let in, so a reload reconnects silently (rules §4).
  storage: window.localStorage,
})
registerSolanaWallet(solanaWallet.wallet)
window.__testWallet = {
  reject: (method) => rejected.add(method),
  approve: (method) => rejected.delete(method),
  address: wallet.address,
  solanaAddress: solanaWallet.address,
  evmPrompts,
  solanaCalls: solanaWallet.calls,
}
announceWallet(wallet, {
  name: 'Test Wallet',
  rdns: 'test.foyer.wallet',
  icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#7c3aed"/></svg>')}`,
})
