// The activity plugin's manifest: an Account tab, its event and its texts. The tab, and with it the
// blockchain data client, loads on demand, and only while the 'activity' feature is on (§2).
import { definePlugin, type Plugin } from '../../kernel/index.js'
import { en } from './locales.js'

declare module '../../kernel/core/features.js' {
  interface Features {
    /** The Activity tab; the remote project configuration may set it (§9). @default true */
    activity: boolean
  }
}

declare module '../../kernel/core/i18n.js' {
  interface Messages extends Record<keyof typeof en, string> {}
}

declare module '../../kernel/core/bus.js' {
  interface FoyerEvents {
    /** §8: the history could not be read; the list was emptied and its cursor cleared. For analytics. */
    'activity:fetch-failed': { chainId: string; cursor?: string; message: string }
  }
}

/**
 * The Activity tab of the Account view (§2): the account's transactions on the connected network,
 * by month, newest first. Gated by the `activity` feature (§9).
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), activity()] })
 */
export function activity(): Plugin {
  return definePlugin({
    name: 'activity',
    flags: { activity: { default: true, remote: true } },
    feature: 'activity',
    // After Tokens (0) and NFTs (1) of the portfolio plugin (§2).
    slots: { 'account-tabs': [{ id: 'activity', label: 'activity.tab', order: 2, load: () => import('./ActivityTab.js') }] },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
  })
}
