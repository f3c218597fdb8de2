/**
 * The link that opens a wallet app with a pairing URI, by WalletConnect's convention: the wallet's
 * link from the directory, then `wc?uri=` and the URI, encoded. An app scheme without `//`
 * (`metamask:`) becomes `metamask://`; a base without a closing `/` gets one, so universal links
 * read `https://…/wc?uri=…`; a query or fragment of the link is dropped. The directory's links are already checked (kernel/services/directory.ts).
 *
 * @example
 * walletConnectLink('trust://', 'wc:abc@2?relay-protocol=irn') // 'trust://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn'
 * walletConnectLink('https://link.example.com', uri) // 'https://link.example.com/wc?uri=…'
 */
export function walletConnectLink(base: string, uri: string): string {
  // A query or fragment in the directory's link would swallow the pairing URI (found by the property test).
  const path = base.replace(/[?#].*$/s, '')
  let root = path.includes('://') ? path : `${path.replace(/[:/]+$/, '')}://`
  if (!root.endsWith('/')) root += '/'
  return `${root}wc?uri=${encodeURIComponent(uri)}`
}
