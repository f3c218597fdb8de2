// Makes the Foyer wallet known to every Wallet Standard app on the page, by the standard's two window
// events: the wallet announces itself, and answers each app that says it is ready (whichever loads first).
import type { Kernel } from 'foyer'
import { createFoyerWallet, type FoyerWallet, type FoyerWalletOptions } from './createFoyerWallet.js'

/** The Wallet Standard's registration API, as an app hands it to wallets. */
interface RegisterApi {
  register(...wallets: FoyerWallet[]): () => void
}

/**
 * Registers Foyer's Solana connection as a Wallet Standard wallet ({@link createFoyerWallet}), so that
 * `@solana/wallet-adapter-react` lists it among its wallets. Returns the function that unregisters it.
 *
 * @example
 * const kernel = createKernel({ projectId: 'my-site', plugins: [solana({ networks: [solanaMainnet] })] })
 * registerFoyerWallet(kernel)
 */
export function registerFoyerWallet(kernel: Kernel, options: FoyerWalletOptions = {}, target: EventTarget = window): () => void {
  return registerWallet(createFoyerWallet(kernel, options), target)
}

/** Registers `wallet` with every Wallet Standard app of `target` (each bundled copy of the app keeps its own list). */
export function registerWallet(wallet: FoyerWallet, target: EventTarget = window): () => void {
  const registrations = new Map<RegisterApi['register'], () => void>()
  const answer = (api: RegisterApi) => {
    if (typeof api?.register !== 'function' || registrations.has(api.register)) return
    registrations.set(api.register, api.register(wallet))
  }
  const onAppReady = (event: Event) => answer((event as CustomEvent<RegisterApi>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: answer }))
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of registrations.values()) unregister()
    registrations.clear()
  }
}
