import { isSafeImageUrl, type Connector } from 'foyer'
import { BROWSE_WALLETS, type BrowseWallet } from './browseLinks.js'
import { SOLANA_NAMESPACE } from './session.js'
import { isSolanaWallet, type StandardWallet, type StandardWallets } from './walletStandard.js'

/**
 * The feature of a wallet that re-exposes a Foyer connection (`foyer/solana-wallet-adapter` registers
 * one for apps on wallet-adapter). Foyer lists no such wallet: connecting Foyer through itself would
 * go round in a circle.
 */
export const FOYER_WALLET_FEATURE = 'foyer:wallet'

/** A wallet found in the page, or (on mobile) a wallet app to open the page in, and its connector. */
export type DiscoveredSolanaWallet = { connector: Connector; wallet: StandardWallet } | { connector: Connector; browse: BrowseWallet }

export interface DiscoverSolanaWalletsParameters {
  /** The Wallet Standard registry: `getWallets()` from @wallet-standard/app. */
  wallets: StandardWallets
  /** Asked at every change: on mobile, wallet apps that are not registered are offered as browse links (rules §2). */
  isMobile(): boolean
  found(wallet: DiscoveredSolanaWallet): void
  lost(connectorId: string): void
}

/**
 * The connector id of a registered wallet: `solana:<name>`. The prefix keeps it apart from EVM
 * connector ids (rdns), since most wallets register on both standards under the same name.
 *
 * @example
 * solanaConnectorId('Phantom') // 'solana:Phantom'
 */
export function solanaConnectorId(name: string): string {
  return `${SOLANA_NAMESPACE}:${name.trim()}`
}

function toConnector(wallet: StandardWallet): Connector {
  return {
    id: solanaConnectorId(wallet.name),
    name: wallet.name.trim().slice(0, 100),
    namespaces: [SOLANA_NAMESPACE],
    type: 'announced',
    ...(isSafeImageUrl(wallet.icon) && { imageUrl: wallet.icon }),
    installed: true,
  }
}

function browseConnector(browse: BrowseWallet): Connector {
  return { id: browse.id, name: browse.name, namespaces: [SOLANA_NAMESPACE], type: 'external', installed: false }
}

const isSameEntry = (a: DiscoveredSolanaWallet, b: DiscoveredSolanaWallet | undefined) =>
  b !== undefined && ('wallet' in a ? 'wallet' in b && a.wallet === b.wallet : 'browse' in b && a.browse === b.browse)

/**
 * Finds the page's Solana wallets through the Wallet Standard: every registered wallet with a
 * `solana:` chain and `standard:connect` is a connector, now and whenever one registers or
 * unregisters. Two wallets with one name are listed once (the first keeps it). On mobile, Phantom,
 * Solflare and Coinbase Wallet are offered as browse links while they are not registered (rules §2).
 * Returns the function that stops listening.
 */
export function discoverSolanaWallets({ wallets, isMobile, found, lost }: DiscoverSolanaWalletsParameters): () => void {
  const listed = new Map<string, DiscoveredSolanaWallet>()

  // Recomputes the whole list and reports the difference: registrations come in any order, and a
  // wallet app's browse link must go when the app's wallet registers (and come back if it leaves).
  const sync = () => {
    const next = new Map<string, DiscoveredSolanaWallet>()
    for (const wallet of wallets.get()) {
      if (!isSolanaWallet(wallet) || FOYER_WALLET_FEATURE in wallet.features) continue
      const connector = toConnector(wallet)
      if (!next.has(connector.id)) next.set(connector.id, { connector, wallet })
    }
    if (isMobile()) {
      const names = [...next.values()].map((entry) => entry.connector.name.toLowerCase())
      for (const browse of BROWSE_WALLETS) {
        if (!names.includes(browse.name.toLowerCase())) next.set(browse.id, { connector: browseConnector(browse), browse })
      }
    }
    for (const [id, entry] of [...listed]) {
      if (isSameEntry(entry, next.get(id))) continue
      listed.delete(id)
      lost(id)
    }
    for (const [id, entry] of next) {
      if (listed.has(id)) continue
      listed.set(id, entry)
      found(entry)
    }
  }

  sync()
  const stops = [wallets.on('register', sync), wallets.on('unregister', sync)]
  return () => {
    for (const stop of stops) stop()
  }
}
