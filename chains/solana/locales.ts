/**
 * The Solana chain's English texts. A comment beside a key tells translators where it shows;
 * `{name}` placeholders are filled in at run time and must stay as they are.
 */
export const en = {
  /**
   * A toast on mobile, when the visitor picked a wallet app that is not in this browser and the page
   * is being opened in that app's own browser; {wallet} is the app's name, such as Phantom.
   */
  'solana.browse.opening': 'Opening this page in {wallet}…',
} as const

export type SolanaMessages = { readonly [K in keyof typeof en]: string }
