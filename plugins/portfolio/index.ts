// The portfolio plugin's manifest: two Account tabs and their texts. The tabs load on demand, and only
// they import the blockchain data client.
import { definePlugin, type Plugin } from 'foyer'
import { en, type PortfolioMessages } from './locales.js'

declare module 'foyer' {
  interface Messages extends PortfolioMessages {}
}

/**
 * The Tokens and NFTs tabs of the Account view (rules §2), read from the blockchain data service
 * (`services.api`, or whatever the host registered under `BlockchainApiToken`).
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), portfolio()] })
 */
export function portfolio(): Plugin {
  return definePlugin({
    name: 'portfolio',
    slots: {
      'account-tabs': [
        { id: 'tokens', label: 'portfolio.tokens', order: 0, load: () => import('./TokensTab.js') },
        { id: 'nfts', label: 'portfolio.nfts', order: 1, load: () => import('./NftsTab.js') },
      ],
    },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
  })
}
