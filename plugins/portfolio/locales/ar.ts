import type { Translations } from 'foyer'

/** Arabic (right to left) for the portfolio plugin. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'portfolio.tokens': 'الرموز',
  'portfolio.nfts': 'NFT',
  'portfolio.tokensLabel': 'رموزك',
  'portfolio.tokensEmpty': 'لا توجد رموز على هذه الشبكة بعد.',
  'portfolio.tokensError': 'أرصدة الرموز غير متاحة',
  'portfolio.nftsLabel': 'رموز NFT الخاصة بك',
  'portfolio.nftsEmpty': 'لا توجد رموز NFT على هذه الشبكة بعد.',
  'portfolio.nftsError': 'تعذّر تحميل رموز NFT.',
  'portfolio.loading': 'جارٍ التحميل…',
}
