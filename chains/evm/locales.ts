/**
 * The EVM chain's English texts. A comment beside a key tells translators where it shows; `{name}`
 * placeholders are filled in at run time and must stay as they are. The unsupported-network view
 * also uses the kernel's `unsupported.*`, `networks.*` and `account.disconnect` texts.
 */
export const en = {
  /** The wallet list's name for the browser's built-in wallet (window.ethereum) when it does not announce its own name. */
  'evm.browserWallet': 'Browser Wallet',
  /** In the unsupported-network view, under its explanation; {chainId} is a number such as 56. */
  'evm.unsupported.current': 'Your wallet is on chain {chainId}.',

  // WalletConnect: a QR code or a link that a wallet app opens. {wallet} is the wallet's name.
  /** Title of the QR code view when no particular wallet was chosen. */
  'evm.wc.title': 'WalletConnect',
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

export type EvmMessages = { readonly [K in keyof typeof en]: string }
