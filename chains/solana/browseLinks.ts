// rules §2: on mobile, a visitor whose browser has no Solana wallet is sent to the wallet app, which
// opens this page in its own in-app browser, where the wallet is registered. These are the apps'
// documented universal links.

/**
 * Phantom's browse link: opens `url` in Phantom's in-app browser; `ref` (the site's origin) is
 * shown to the visitor as the referrer.
 *
 * @example
 * phantomBrowseUrl('https://shop.example/cart?id=1', 'https://shop.example')
 * // 'https://phantom.app/ul/browse/https%3A%2F%2Fshop.example%2Fcart%3Fid%3D1?ref=https%3A%2F%2Fshop.example'
 */
export function phantomBrowseUrl(url: string, ref: string): string {
  return `https://phantom.app/ul/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`
}

/**
 * Solflare's browse link: opens `url` in Solflare's in-app browser.
 *
 * @example
 * solflareBrowseUrl('https://shop.example/', 'https://shop.example')
 * // 'https://solflare.com/ul/v1/browse/https%3A%2F%2Fshop.example%2F?ref=https%3A%2F%2Fshop.example'
 */
export function solflareBrowseUrl(url: string, ref: string): string {
  return `https://solflare.com/ul/v1/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`
}

/**
 * Coinbase Wallet's dapp link: opens `url` in Coinbase Wallet's in-app browser. It takes no referrer.
 *
 * @example
 * coinbaseDappUrl('https://shop.example/') // 'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fshop.example%2F'
 */
export function coinbaseDappUrl(url: string): string {
  return `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(url)}`
}

/** A wallet app Foyer can send a mobile visitor to. */
export interface BrowseWallet {
  /** Its connector id: `solana:browse:<key>`. */
  id: `solana:browse:${string}`
  /** The app's name, as the wallet also registers itself once the page runs inside the app. */
  name: string
  /** The link that opens `page` in the app; `origin` is the site's. */
  link(page: string, origin: string): string
}

/** rules §2: Phantom, Solflare and Coinbase Wallet, in that order. */
export const BROWSE_WALLETS: readonly BrowseWallet[] = [
  { id: 'solana:browse:phantom', name: 'Phantom', link: phantomBrowseUrl },
  { id: 'solana:browse:solflare', name: 'Solflare', link: solflareBrowseUrl },
  { id: 'solana:browse:coinbase', name: 'Coinbase Wallet', link: (page) => coinbaseDappUrl(page) },
]
