import type { Translations } from 'foyer'

/** Japanese for the portfolio plugin. Keys and notes for translators: ../locales.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'portfolio.tokens': 'トークン',
  'portfolio.nfts': 'NFT',
  'portfolio.tokensLabel': '保有トークン',
  'portfolio.tokensEmpty': 'このネットワークにはまだトークンがありません。',
  'portfolio.tokensError': 'トークン残高を取得できません',
  'portfolio.nftsLabel': '保有 NFT',
  'portfolio.nftsEmpty': 'このネットワークにはまだ NFT がありません。',
  'portfolio.nftsError': 'NFT を読み込めませんでした。',
  'portfolio.loading': '読み込み中…',
}
