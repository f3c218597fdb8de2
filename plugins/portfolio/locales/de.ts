import type { Translations } from 'foyer'

/** German for the portfolio plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'portfolio.tokens': 'Token',
  'portfolio.nfts': 'NFTs',
  'portfolio.tokensLabel': 'Deine Token',
  'portfolio.tokensEmpty': 'Noch keine Token in diesem Netzwerk.',
  'portfolio.tokensError': 'Token-Guthaben nicht verfügbar',
  'portfolio.nftsLabel': 'Deine NFTs',
  'portfolio.nftsEmpty': 'Noch keine NFTs in diesem Netzwerk.',
  'portfolio.nftsError': 'NFTs konnten nicht geladen werden.',
  'portfolio.loading': 'Wird geladen…',
}
