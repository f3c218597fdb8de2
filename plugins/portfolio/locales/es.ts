import type { Translations } from 'foyer'

/** Spanish for the portfolio plugin. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'portfolio.tokens': 'Tokens',
  'portfolio.nfts': 'NFT',
  'portfolio.tokensLabel': 'Tus tokens',
  'portfolio.tokensEmpty': 'Todavía no tienes tokens en esta red.',
  'portfolio.tokensError': 'Saldo de tokens no disponible',
  'portfolio.nftsLabel': 'Tus NFT',
  'portfolio.nftsEmpty': 'Todavía no tienes NFT en esta red.',
  'portfolio.nftsError': 'No se pudieron cargar los NFT.',
  'portfolio.loading': 'Cargando…',
}
