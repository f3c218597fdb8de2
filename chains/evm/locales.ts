import type { ViewTexts } from './texts.js'

/**
 * The EVM chain's English that the manifest needs: the injected wallet's name and the WalletConnect view's title. The
 * views' own texts (texts.ts) come with them. A comment beside a key tells translators where it shows; `{name}`
 * placeholders are filled in at run time and must stay as they are.
 */
export const en = {
  /** The wallet list's name for the browser's built-in wallet (window.ethereum) when it does not announce its own name. */
  'evm.browserWallet': 'Browser Wallet',

  // WalletConnect: a QR code or a link that a wallet app opens. {wallet} is the wallet's name.
  /** Title of the QR code view when no particular wallet was chosen. */
  'evm.wc.title': 'WalletConnect',
} as const

/** Every key of the chain's, for the Messages type. */
export type EvmMessages = { readonly [K in keyof typeof en | keyof ViewTexts]: string }
