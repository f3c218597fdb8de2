import { WalletConnectPairing } from './WalletConnectPairing.js'

/** ConnectingWalletConnectBasic (§2): a QR code and Copy link for any WalletConnect wallet. */
export default function ConnectingWalletConnectBasicView() {
  return <WalletConnectPairing />
}
