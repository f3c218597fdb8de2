// The wallet side of the Solana chain: Wallet Standard discovery (@wallet-standard/app), the
// session with the connected wallet, rules §4 reconnect and the mobile browse links. The manifest loads
// this module through import() at setup, so the entry a page downloads up front stays within its
// budget; wallets register through window events, so none is missed while it loads. What needs
// @solana/kit is in client.ts, loaded on first use from here.
import { getWallets } from '@wallet-standard/app'
import * as v from 'valibot'
import type { CaipNetworkId, Kernel } from 'foyer'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError, isSameNetwork, showToast, StorageToken } from 'foyer'
import type { BrowseWallet } from './browseLinks.js'
import { discoverSolanaWallets } from './discovery.js'
import { loadSolanaClient } from './loadSolanaClient.js'
import { LAST_SESSION_KEY, SOLANA_NAMESPACE, type SolanaConfig, type SolanaSession, type WalletSession } from './session.js'
import type { StandardWallet } from './walletStandard.js'

// Written here, not in loadSolanaClient.ts (in the first-paint chunk every host bundles): docs/packaging.md.
const solanaClient = () => import('./client.js')

const LastSessionSchema = v.object({
  connectorId: v.pipe(v.string(), v.nonEmpty()),
  networkId: v.pipe(
    v.string(),
    v.regex(/^solana:[^:]+$/),
    v.transform((id) => id as `solana:${string}`),
  ),
})

/**
 * Hands the page to a wallet app's in-app browser (rules §2), where the wallet is registered and the
 * visitor connects. A universal link usually opens the app without unloading this page, so the
 * attempt ends (as a failure the view offers to retry) when the visitor comes back to it.
 */
function openInWalletApp(kernel: Kernel, browse: BrowseWallet): Promise<never> {
  const { href, origin } = window.location
  showToast(kernel, { message: kernel.i18n.t('solana.browse.opening', { wallet: browse.name }), variant: 'loading', autoClose: true })
  window.location.assign(browse.link(href, origin))
  return new Promise((_, reject) => {
    const page = globalThis.document as Document | undefined
    if (!page) return
    let left = false
    const onVisibility = () => {
      if (page.visibilityState === 'hidden') left = true
      else if (left) {
        page.removeEventListener('visibilitychange', onVisibility)
        reject(new Error(`The visitor came back from ${browse.name} without connecting in this browser.`))
      }
    }
    page.addEventListener('visibilitychange', onVisibility)
  })
}

/**
 * Starts the chain's wallet side in one kernel: lists the registered wallets (and, on mobile, the
 * wallet apps' browse links) as connectors, and restores the remembered session when its wallet
 * shows up (rules §4). Needs a page (`window`).
 */
export function startWalletSession(kernel: Kernel, config: SolanaConfig): WalletSession {
  const session: SolanaSession = { epoch: 0 }
  // The connectors discovery registered, and the browse links among them (they have no wallet to hand over).
  const registered = new Map<string, () => void>()
  const browseLinks = new Map<string, BrowseWallet>()
  const storage = kernel.container.resolve(StorageToken)
  // rules §4: with reconnect off, an existing session is dropped rather than kept for later.
  if (kernel.options.enableReconnect) session.reconnect = storage.read(LAST_SESSION_KEY, LastSessionSchema)
  else storage.remove(LAST_SESSION_KEY)

  // Every connect, disconnect and reconnect outdates a reconnect still under way.
  const interrupt = () => {
    session.reconnect = undefined
    return ++session.epoch
  }

  // rules §4: restore the last session without a prompt: connecting now, then connected or disconnected.
  const reconnect = (wallet: StandardWallet, { connectorId, networkId }: NonNullable<SolanaSession['reconnect']>) => {
    const epoch = interrupt()
    kernel.dispatchConnection({ type: 'connecting', namespace: SOLANA_NAMESPACE, connectorId })
    loadSolanaClient(solanaClient)
      .then((client) => client.restoreWallet(kernel, session, config, { connectorId, wallet, networkId, epoch }))
      .catch((error: unknown) => {
        kernel.logger.warn('Restoring the Solana wallet session failed.', error)
        if (session.epoch === epoch && !kernel.isDestroyed())
          kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
      })
  }

  // Whichever plugin registers a connector: the remembered one reconnects once it is there (rules §4), and
  // the connected one going away (an extension disabled or reloaded) disconnects. That one stays
  // remembered: when it registers again at the next visit, the session is restored.
  const onConnectorsChanged = () => {
    const wallet = session.reconnect && kernel.connectors.provider(session.reconnect.connectorId, SOLANA_NAMESPACE)
    if (wallet) reconnect(wallet, session.reconnect!)
    if (session.active && !kernel.connectors.get(session.active.connectorId)) {
      interrupt()
      session.active.unwatch()
      session.active = undefined
      kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
    }
  }
  const stopWatching = kernel.store.select((state) => state.connection.connectors, onConnectorsChanged)

  const stopDiscovery = discoverSolanaWallets({
    wallets: getWallets(),
    isMobile: () => kernel.environment.isMobile(),
    found: (entry) => {
      if ('browse' in entry) browseLinks.set(entry.connector.id, entry.browse)
      const providers = 'wallet' in entry ? { [SOLANA_NAMESPACE]: entry.wallet } : undefined
      registered.set(entry.connector.id, kernel.connectors.register({ connector: entry.connector, providers }))
    },
    lost: (connectorId) => {
      registered.get(connectorId)?.()
      registered.delete(connectorId)
      browseLinks.delete(connectorId)
    },
  })
  onConnectorsChanged()

  return {
    async connect({ connectorId, networkId }) {
      const wallet = kernel.connectors.provider(connectorId, SOLANA_NAMESPACE)
      const browse = browseLinks.get(connectorId)
      if (!wallet && !browse) throw new Error(`No Solana wallet has the connector id '${connectorId}'.`)
      interrupt()
      if (!wallet) return openInWalletApp(kernel, browse!)
      return (await loadSolanaClient(solanaClient)).connectWallet(kernel, session, config, { connectorId, wallet, networkId })
    },

    async disconnect() {
      interrupt()
      if (session.active) await (await loadSolanaClient(solanaClient)).disconnectWallet(kernel, session)
      else storage.remove(LAST_SESSION_KEY)
    },

    // A Wallet Standard wallet has no network of its own to move (the site picks the cluster it
    // reads and sends through), so switching is the site's: no wallet prompt, no @solana/kit.
    switchNetwork(networkId: CaipNetworkId) {
      const network = config.networks.find((candidate) => isSameNetwork(candidate, networkId))
      if (!network) throw new NetworkNotFoundError({ details: `solana() has no network ${networkId}.` })
      if (!session.active) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet is connected.' })
      storage.write(LAST_SESSION_KEY, { connectorId: session.active.connectorId, networkId: network.caipNetworkId })
    },

    signMessage: async (params) => (await loadSolanaClient(solanaClient)).signMessage(session, params),

    // Its own chunk (the Sign In With Solana text), loaded on the first sign-in.
    signIn: async (params) => (await import('./signIn.js')).signIn(session, params),

    // Its own chunk, loaded on the first send.
    transfer: async (params) => (await import('./transfer.js')).transfer(kernel, session, config, params),

    stop() {
      stopWatching()
      stopDiscovery()
      session.active?.unwatch()
      for (const unregister of registered.values()) unregister()
    },
  }
}
