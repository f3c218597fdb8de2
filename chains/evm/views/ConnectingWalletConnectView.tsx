import { rememberedDirectoryWallet } from 'foyer/query'
import { LegalGate } from 'foyer/ui'
import { useKernel, useViewTitle } from 'foyer/react'
import type { ViewProps } from 'foyer/react'
import { WalletConnectPairing } from './WalletConnectPairing.js'

export { viewTexts as texts } from '../texts.js'

/**
 * ConnectingWalletConnect (rules §2): pairs the directory wallet the visitor chose on Connect or All
 * Wallets, named and shown with its icon and links. A wallet this kernel was not told about (a host
 * opening the view with any id) still gets the QR code and Copy link, under the generic title.
 */
export default function ConnectingWalletConnectView({ params }: ViewProps<{ walletId: string }>) {
  const kernel = useKernel()
  const wallet = rememberedDirectoryWallet(kernel, params.walletId)
  useViewTitle(wallet?.name)
  // A host (or All Wallets, opened first on mobile) may lead here without the Connect view's checkbox.
  return (
    <LegalGate>
      <WalletConnectPairing wallet={wallet} />
    </LegalGate>
  )
}
