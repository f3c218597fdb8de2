// The wallet the end-to-end tests inject into the page before the demo loads: the demo's own
// development wallet, announced as 'Test Wallet', signing with a real anvil key. A test decides
// per request whether the visitor approves: `window.__testWallet.reject('personal_sign')`.
import { announceWallet, createDevWallet, type DevWalletChain } from '../../demo/devWallet.js'

interface TestWalletConfig {
  privateKey: `0x${string}`
  chains: DevWalletChain[]
}

declare global {
  interface Window {
    __testWalletConfig: TestWalletConfig
    __testWallet: { reject(method: string): void; approve(method: string): void; address: string }
  }
}

const rejected = new Set<string>()
const config = window.__testWalletConfig
const wallet = createDevWallet({
  name: 'Test Wallet',
  rdns: 'test.foyer.wallet',
  privateKey: config.privateKey,
  chains: config.chains,
  approve: (method) => !rejected.has(method),
})
window.__testWallet = {
  reject: (method) => rejected.add(method),
  approve: (method) => rejected.delete(method),
  address: wallet.address,
}
announceWallet(wallet, {
  name: 'Test Wallet',
  rdns: 'test.foyer.wallet',
  icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#7c3aed"/></svg>')}`,
})
