import type { Translations } from 'foyer'

/** French for the portfolio plugin. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'portfolio.tokens': 'Jetons',
  'portfolio.nfts': 'NFT',
  'portfolio.tokensLabel': 'Vos jetons',
  'portfolio.tokensEmpty': 'Aucun jeton sur ce réseau pour l’instant.',
  'portfolio.tokensError': 'Soldes des jetons indisponibles',
  'portfolio.nftsLabel': 'Vos NFT',
  'portfolio.nftsEmpty': 'Aucun NFT sur ce réseau pour l’instant.',
  'portfolio.nftsError': 'Les NFT n’ont pas pu être chargés.',
  'portfolio.loading': 'Chargement…',
}
