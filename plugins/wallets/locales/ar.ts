import type { Translations } from 'foyer'

/** Arabic (right to left) for the wallets plugin. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'wallets.title': 'محافظك',
  'wallets.add': 'إضافة محفظة',
  'wallets.active': 'نشطة',
  'wallets.switch': 'استخدام هذه المحفظة',
  'wallets.remove': 'إزالة {name}',
  'wallets.empty': 'لم تُربط أي محفظة بعد.',
  'wallets.off': 'استخدام عدة محافظ في آن واحد غير مفعّل لهذا المشروع.',
  'wallets.balance': '{amount} {symbol}',
}
