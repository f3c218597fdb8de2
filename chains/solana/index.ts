// The "foyer/chains/solana" entry: the manifest of the Solana chain. It finds wallets through the
// Wallet Standard and starts restoring a session at setup; everything that needs @solana/kit sits
// in client.ts and loads through import() on first use, so this file must never import
// @solana/kit (STYLE 3). @wallet-standard/app is the registry every Solana wallet registers with:
// a few hundred bytes, and needed at once.
import { getWallets } from '@wallet-standard/app'
import * as v from 'valibot'
import { defineChain, type ChainPlugin } from '../../kernel/chain.js'
import type { Kernel } from '../../kernel/createKernel.js'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError } from '../../kernel/errors/catalogue.js'
import { isSameNetwork } from '../../kernel/network.js'
import { showToast } from '../../kernel/toast.js'
import { StorageToken } from '../../kernel/tokens.js'
import type { BrowseWallet } from './browseLinks.js'
import { discoverSolanaWallets } from './discovery.js'
import { loadSolanaClient } from './loadSolanaClient.js'
import { en, type SolanaMessages } from './locales/en.js'
import { parseSolanaOptions, type SolanaOptions } from './options.js'
import { LAST_SESSION_KEY, SOLANA_NAMESPACE, type SolanaSession } from './session.js'
import type { StandardWallet } from './walletStandard.js'

declare module '../../kernel/i18n.js' {
  interface Messages extends SolanaMessages {}
}

export { solanaNetwork, SOL } from './options.js'
export type { SolanaNetworkParameters, SolanaOptions } from './options.js'
export { solanaDevnet, solanaLocalnet, solanaMainnet, SOLANA_DEVNET_GENESIS_HASH, SOLANA_MAINNET_GENESIS_HASH } from './networks.js'
export { BROWSE_WALLETS, coinbaseDappUrl, phantomBrowseUrl, solflareBrowseUrl } from './browseLinks.js'
export type { BrowseWallet } from './browseLinks.js'
export { solanaConnectorId } from './discovery.js'
export { SolanaKitNotInstalledError } from './loadSolanaClient.js'
export { LAST_SESSION_KEY, SOLANA_NAMESPACE } from './session.js'
export type { StandardWallet, StandardWalletAccount } from './walletStandard.js'

const LastSessionSchema = v.object({
  connectorId: v.pipe(v.string(), v.nonEmpty()),
  networkId: v.pipe(v.string(), v.regex(/^solana:[^:]+$/), v.transform((id) => id as `solana:${string}`)),
})

/**
 * Hands the page to a wallet app's in-app browser (§2), where the wallet is registered and the
 * visitor connects there. A universal link usually opens the app without unloading this page, so
 * the attempt ends (as a failure the view offers to retry) when the visitor comes back to it.
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
 * The Solana chain: wallets through the Wallet Standard (and, on mobile, the Phantom, Solflare and
 * Coinbase Wallet apps' browse links), SOL balances over the networks' own RPC (@solana/kit, loaded
 * on first use), and message signing through `solana:signMessage`. Accounts start as `eoa` (§6).
 *
 * @throws {InvalidOptionsError} for options that do not parse, naming the option (an RPC URL that is
 *   not http(s), an empty `networks` …).
 * @example
 * import { solana, solanaMainnet, solanaDevnet } from 'foyer/chains/solana'
 * const kernel = createKernel({ projectId: 'my-site', plugins: [solana({ networks: [solanaMainnet, solanaDevnet] })] })
 */
export function solana(options: SolanaOptions): ChainPlugin {
  const config = parseSolanaOptions(options)
  const sessions = new WeakMap<Kernel, SolanaSession>()
  // Every connect, disconnect and reconnect outdates a reconnect still under way.
  const interrupt = (session: SolanaSession) => {
    session.reconnect = undefined
    return ++session.epoch
  }

  // §4: restore the last session without a prompt: connecting now, then connected or disconnected.
  const reconnect = (kernel: Kernel, session: SolanaSession, wallet: StandardWallet, { connectorId, networkId }: NonNullable<SolanaSession['reconnect']>) => {
    const epoch = interrupt(session)
    kernel.dispatchConnection({ type: 'connecting', namespace: SOLANA_NAMESPACE, connectorId })
    loadSolanaClient()
      .then((client) => client.restoreWallet(kernel, session, config, { connectorId, wallet, networkId, epoch }))
      .catch((error: unknown) => {
        kernel.logger.warn('Restoring the Solana wallet session failed.', error)
        if (session.epoch === epoch && !kernel.isDestroyed()) kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
      })
  }

  return defineChain({
    namespace: SOLANA_NAMESPACE,
    networks: config.networks,
    defaultAccountType: 'eoa',
    locales: { en },

    setup(kernel) {
      const session: SolanaSession = { wallets: new Map(), epoch: 0 }
      const storage = kernel.container.resolve(StorageToken)
      sessions.set(kernel, session)
      // §4: with reconnect off, an existing session is dropped rather than kept for later.
      if (kernel.options.enableReconnect) session.reconnect = storage.read(LAST_SESSION_KEY, LastSessionSchema)
      else storage.remove(LAST_SESSION_KEY)

      // Discovery needs a page; on a server the chain only serves RPC reads.
      const stop =
        typeof window === 'undefined'
          ? () => {}
          : discoverSolanaWallets({
              wallets: getWallets(),
              isMobile: () => kernel.environment.isMobile(),
              found: (entry) => {
                session.wallets.set(entry.connector.id, entry)
                kernel.dispatchConnection({ type: 'connector-added', connector: entry.connector })
                if ('wallet' in entry && session.reconnect?.connectorId === entry.connector.id) reconnect(kernel, session, entry.wallet, session.reconnect)
              },
              lost: (connectorId) => {
                session.wallets.delete(connectorId)
                kernel.dispatchConnection({ type: 'connector-removed', connectorId })
                // The connected wallet left the page (an extension disabled or reloaded). It stays
                // remembered: when it registers again at the next visit, the session is restored.
                if (session.active?.connectorId === connectorId) {
                  interrupt(session)
                  session.active.unwatch()
                  session.active = undefined
                  kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
                }
              },
            })
      return () => {
        stop()
        session.active?.unwatch()
        for (const connectorId of session.wallets.keys()) kernel.dispatchConnection({ type: 'connector-removed', connectorId })
        sessions.delete(kernel)
      }
    },

    async connect(kernel, { connectorId, networkId }) {
      const session = sessions.get(kernel)
      const entry = session?.wallets.get(connectorId)
      if (!session || !entry) throw new Error(`No Solana wallet has the connector id '${connectorId}'.`)
      interrupt(session)
      if ('browse' in entry) return openInWalletApp(kernel, entry.browse)
      return (await loadSolanaClient()).connectWallet(kernel, session, config, { connectorId, wallet: entry.wallet, networkId })
    },

    async disconnect(kernel) {
      const session = sessions.get(kernel)
      if (!session) return
      interrupt(session)
      if (session.active) await (await loadSolanaClient()).disconnectWallet(kernel, session)
      else kernel.container.resolve(StorageToken).remove(LAST_SESSION_KEY)
    },

    capabilities: {
      balance: {
        getBalance: async (kernel, params) => (await loadSolanaClient()).getNativeBalance(kernel, config, params),
      },
      switchNetwork: {
        // A Wallet Standard wallet has no network of its own to move (the site picks the cluster it
        // reads and sends through), so switching is the site's: no wallet prompt, no @solana/kit.
        async switchNetwork(kernel, { networkId }) {
          const network = config.networks.find((candidate) => isSameNetwork(candidate, networkId))
          if (!network) throw new NetworkNotFoundError({ details: `solana() has no network ${networkId}.` })
          const active = sessions.get(kernel)?.active
          if (!active) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet is connected.' })
          kernel.container.resolve(StorageToken).write(LAST_SESSION_KEY, { connectorId: active.connectorId, networkId: network.caipNetworkId })
        },
      },
      signMessage: {
        signMessage: async (kernel, params) => (await loadSolanaClient()).signMessage(sessions.get(kernel), params),
      },
    },
  })
}
