import type { Translations } from 'foyer'

/** Brazilian Portuguese for the portfolio plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'portfolio.tokens': 'Tokens',
  'portfolio.nfts': 'NFTs',
  'portfolio.tokensLabel': 'Seus tokens',
  'portfolio.tokensEmpty': 'Ainda não há tokens nesta rede.',
  'portfolio.tokensError': 'Saldo de tokens indisponível',
  'portfolio.nftsLabel': 'Seus NFTs',
  'portfolio.nftsEmpty': 'Ainda não há NFTs nesta rede.',
  'portfolio.nftsError': 'Não foi possível carregar os NFTs.',
  'portfolio.loading': 'Carregando…',
}
