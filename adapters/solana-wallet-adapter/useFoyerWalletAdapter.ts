// Keeps @solana/wallet-adapter-react on the wallet the visitor connects in Foyer. wallet-adapter only
// connects a wallet it has selected, so a connection made in Foyer's modal (or restored by Foyer) is
// selected and connected here; a disconnect on either side reaches the other through the wallet itself.
import { useWallet } from '@solana/wallet-adapter-react'
import type { WalletName } from '@solana/wallet-adapter-base'
import { useEffect, useRef } from 'react'
import type { NamespaceConnection } from 'foyer'
import { useFoyerState } from 'foyer/react'
import { FOYER_WALLET_NAME } from './createFoyerWallet.js'

export interface UseFoyerWalletAdapterParameters {
  /** The name the Foyer wallet was registered under. @default 'Foyer' */
  name?: string
}

/**
 * Makes wallet-adapter follow Foyer: once a Solana wallet is connected in Foyer, wallet-adapter selects
 * and connects the Foyer wallet ({@link registerFoyerWallet}), so `useWallet()` reports it. Call it once,
 * in a component inside both `<FoyerProvider>` and wallet-adapter's `<WalletProvider>`. A failed
 * attempt (reported through WalletProvider's `onError`) is not repeated for the same connection.
 *
 * @example
 * function FollowFoyer() {
 *   useFoyerWalletAdapter()
 *   return null
 * }
 */
export function useFoyerWalletAdapter({ name = FOYER_WALLET_NAME }: UseFoyerWalletAdapterParameters = {}): void {
  const connection = useFoyerState((state) => state.connection.namespaces['solana'])
  const { wallet, select, connect, connected, connecting } = useWallet()
  const selected = wallet?.adapter.name === name
  const attempted = useRef<NamespaceConnection | undefined>(undefined)

  useEffect(() => {
    if (connection?.status !== 'connected' || (selected && (connected || connecting))) return
    // Selecting it again after wallet-adapter dropped it (a failed connect) would loop.
    if (!selected && attempted.current === connection) return
    attempted.current = connection
    if (!selected) {
      select(name as WalletName)
      return
    }
    // Deferred: the Foyer wallet connects at once when Foyer already is, and WalletProvider starts
    // listening to a newly selected wallet in its own effect, which runs after this one. (With
    // autoConnect, WalletProvider connects it first; then this finds it connected and does nothing.)
    // Errors are wallet-adapter's to report (WalletProvider's onError); this hook only asks.
    const timer = setTimeout(() => connect().catch(() => undefined), 0)
    return () => clearTimeout(timer)
  }, [connection, selected, connected, connecting, name, select, connect])
}
