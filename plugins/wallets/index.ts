// The wallets plugin's manifest (rules §2 ProfileWallets, rules §6 multi-wallet): it remembers each connection the visitor makes,
// per namespace, so several stay listed at once with one active; the view loads on demand.
import { definePlugin, isFeatureEnabled, type Kernel, type Plugin } from 'foyer'
import { en } from './locales.js'

declare module 'foyer' {
  interface ViewParams {
    /** rules §2: the visitor's connections of the shown namespace: switch, add, remove. */
    ProfileWallets: undefined
  }
}

declare module 'foyer' {
  interface Features {
    /** Several connections per namespace at once (rules §6). @default true; the remote project configuration may set it */
    multiWallet: boolean
  }
}

declare module 'foyer' {
  interface Messages extends Record<keyof typeof en, string> {}
}

/** One of the visitor's connections (rules §3 Connection): its connector and its account. */
export interface ProfileWallet {
  namespace: string
  connectorId: string
  address: string
}

export interface WalletsState {
  /** Every connection made, in order, one per namespace and connector (its latest address). */
  connections: readonly ProfileWallet[]
}

declare module 'foyer' {
  interface FoyerState {
    wallets: WalletsState
  }
}

/**
 * rules §6: the visitor's connections of `namespace`, the active one among them, each with its auth name when its
 * connector is a login; empty when the remote `multiWallet` feature is off.
 */
export function profileWallets(kernel: Kernel, namespace: string): readonly (ProfileWallet & { active: boolean; authName?: string })[] {
  const state = kernel.store.getState()
  if (!isFeatureEnabled(state.features.flags, 'multiWallet')) return []
  const shown = state.connection.namespaces[namespace]
  return state.wallets.connections
    .filter((wallet) => wallet.namespace === namespace)
    .map((wallet) => {
      // rules §3 connection auth name: how the visitor signed in to a login connector ('email', 'google' …).
      const authName = state.account.details[wallet.connectorId]?.authName
      return { ...wallet, active: shown?.status === 'connected' && shown.connectorId === wallet.connectorId, ...(authName && { authName }) }
    })
}

/** Forgets one connection (rules §6; nothing when multi-wallet is off). The active one is not forgotten: disconnect it. */
export function removeProfileWallet(kernel: Kernel, { namespace, connectorId }: { namespace: string; connectorId: string }): void {
  if (!isFeatureEnabled(kernel.store.getState().features.flags, 'multiWallet')) return
  kernel.store.update('wallets', (state) => ({
    connections: state.connections.filter((wallet) => wallet.namespace !== namespace || wallet.connectorId !== connectorId),
  }))
}

/**
 * Several wallets at once (rules §2 ProfileWallets, rules §6): each connection the visitor makes is kept, per namespace, and
 * listed with its connector and balance; one is active (what Account shows). Switch to another (the kernel's
 * `switchConnection`), add one (Connect), remove one. Only while the remote `multiWallet` feature is on; otherwise
 * the view says so and the lists are empty.
 *
 * @example
 * createKernel({ projectId, plugins: [evm({ networks }), wallets()] })
 */
export function wallets(): Plugin {
  return definePlugin({
    name: 'wallets',
    flags: { multiWallet: { default: true, remote: true } },
    views: { ProfileWallets: { title: 'wallets.title', load: () => import('./ProfileWalletsView.js') } },
    slots: { 'wallet-features': [{ id: 'wallets', label: 'wallets.title', view: 'ProfileWallets' }] },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      kernel.store.addSlice('wallets', { connections: [] })
      return kernel.store.select(
        (state) => state.connection.namespaces,
        (namespaces) => {
          for (const [namespace, connection] of Object.entries(namespaces)) {
            const { connectorId, address } = connection
            if (connection.status !== 'connected' || !connectorId || !address) continue
            kernel.store.update('wallets', ({ connections }) => {
              const others = connections.filter((wallet) => wallet.namespace !== namespace || wallet.connectorId !== connectorId)
              const known = connections.find((wallet) => wallet.namespace === namespace && wallet.connectorId === connectorId)
              if (known?.address === address) return { connections }
              // A known connection keeps its place with its new address (an account switch); a new one goes last.
              const entry = { namespace, connectorId, address }
              return { connections: known ? connections.map((wallet) => (wallet === known ? entry : wallet)) : [...others, entry] }
            })
          }
        },
      )
    },
  })
}
