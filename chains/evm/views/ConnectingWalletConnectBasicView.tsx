import { LegalGate } from 'foyer/ui'
import { WalletConnectPairing } from './WalletConnectPairing.js'

export { viewTexts as texts } from '../texts.js'

/**
 * ConnectingWalletConnectBasic (rules §2): a QR code and Copy link for any WalletConnect wallet. The modal may open
 * here directly, so with `legalCheckbox` the pairing starts only once the visitor ticks the box.
 */
export default function ConnectingWalletConnectBasicView() {
  return (
    <LegalGate>
      <WalletConnectPairing />
    </LegalGate>
  )
}
