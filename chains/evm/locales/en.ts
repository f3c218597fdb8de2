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
} as const

export type EvmMessages = { readonly [K in keyof typeof en]: string }
