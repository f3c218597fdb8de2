import type { Translations } from 'foyer'

/** Simplified Chinese for the portfolio plugin. Keys and notes for translators: ../locales.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'portfolio.tokens': '代币',
  'portfolio.nfts': 'NFT',
  'portfolio.tokensLabel': '你的代币',
  'portfolio.tokensEmpty': '此网络上暂无代币。',
  'portfolio.tokensError': '代币余额不可用',
  'portfolio.nftsLabel': '你的 NFT',
  'portfolio.nftsEmpty': '此网络上暂无 NFT。',
  'portfolio.nftsError': '无法加载 NFT。',
  'portfolio.loading': '加载中…',
}
