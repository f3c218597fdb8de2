/**
 * English for the EVM chain's views: the WalletConnect pairing and the unsupported-network view (which also uses the
 * kernel's `unsupported.*`, `networks.*` and `account.disconnect`). It loads with those views (the manifest carries only
 * what it shows itself: locales.ts), whose modules re-export it as `texts` for the kernel to add as they load, under
 * the host's own.
 */
export const viewTexts = {
  /** In the unsupported-network view, under its explanation; {chainId} is a number such as 56. */
  'evm.unsupported.current': 'Your wallet is on chain {chainId}.',

  // WalletConnect: a QR code or a link that a wallet app opens. {wallet} is the wallet's name.
  /** Names the QR code for screen readers. */
  'evm.wc.qr': 'QR code to connect a wallet',
  'evm.wc.scan': 'Scan with your phone’s wallet app',
  'evm.wc.scanWith': 'Scan with {wallet} on your phone',
  /** While the code is being made, and when an expired one is replaced (rules §9: codes last 4 minutes). */
  'evm.wc.creating': 'Preparing a code…',
  'evm.wc.expired': 'The code expired. Making a new one…',
  /** The wallet approved; the connection is being set up. */
  'evm.wc.connecting': 'Connecting to {wallet}…',
  'evm.wc.copy': 'Copy link',
  'evm.wc.copied': 'Link copied',
  'evm.wc.copyFailed': 'The link could not be copied',
  /** Buttons that open the wallet with the connection request: its app (phone or desktop), or its web app. */
  'evm.wc.openApp': 'Open {wallet}',
  'evm.wc.openWeb': 'Open {wallet} web app',
} as const

export type ViewTexts = typeof viewTexts
