// The activity plugin's manifest: an Account tab, its event, its texts and the list of transactions
// sent through Foyer that the data service has not listed yet. The tab, and with it the blockchain
// data client, loads on demand, and only while the 'activity' feature is on (rules §2).
import { definePlugin, type Plugin, type SentTransaction } from 'foyer'
import { en, type ActivityMessages } from './locales.js'

/** rules §9: the pending transactions kept; a newer one pushes the oldest out. */
export const PENDING_TRANSACTIONS_LIMIT = 99

/** A transaction sent through Foyer that the data service does not list yet. */
export interface PendingTransaction extends SentTransaction {
  /** When it was announced, ms since the epoch: where Activity shows it until the service dates it. */
  sentAt: number
}

export interface ActivityState {
  /** Newest first, at most PENDING_TRANSACTIONS_LIMIT, whichever account or network sent them. */
  pending: readonly PendingTransaction[]
}

declare module 'foyer' {
  interface FoyerState {
    activity: ActivityState
  }
}

declare module 'foyer' {
  interface Features {
    /** The Activity tab; the remote project configuration may set it (rules §9). @default true */
    activity: boolean
  }
}

declare module 'foyer' {
  interface Messages extends ActivityMessages {}
}

declare module 'foyer' {
  interface FoyerEvents {
    /** rules §8: the history could not be read; the list was emptied and its cursor cleared. For analytics. */
    'activity:fetch-failed': { chainId: string; cursor?: string; message: string }
  }
}

/**
 * The Activity tab of the Account view (rules §2): the account's transactions on the connected network,
 * by month, newest first. Gated by the `activity` feature (rules §9). A transaction sent through Foyer
 * ('transaction:sent') shows at once as pending, and as the service lists it once it does.
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), activity()] })
 */
export function activity(): Plugin {
  return definePlugin({
    name: 'activity',
    flags: { activity: { default: true, remote: true } },
    feature: 'activity',
    // After Tokens (0) and NFTs (1) of the portfolio plugin (rules §2).
    // rules §6: offered where the connected chain has a history (the `history` capability), whatever its namespace.
    slots: {
      'account-tabs': [{ id: 'activity', label: 'activity.tab', order: 2, capability: 'history', load: () => import('./ActivityTab.js') }],
    },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      kernel.store.addSlice('activity', { pending: [] })
      // A fact from send, swaps …: listed at once, whatever the history cache holds, until the service has it.
      const stop = kernel.bus.on('transaction:sent', (sent) =>
        kernel.store.update('activity', ({ pending }) => ({
          pending: [{ ...sent, sentAt: Date.now() }, ...pending.filter((known) => known.hash !== sent.hash)].slice(
            0,
            PENDING_TRANSACTIONS_LIMIT,
          ),
        })),
      )
      return () => {
        stop()
        kernel.store.removeSlice('activity')
      }
    },
  })
}
