import type { Translations } from 'foyer'

/** Arabic (right to left) for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const ar: Translations = {
  'pay.title': 'الدفع',
  'pay.summary': 'ادفع {amount} {symbol}',
  'pay.recipient': 'إلى',
  'pay.network': 'الشبكة',
  'pay.fromWallet': 'الدفع من محفظتك',
  'pay.connect': 'اربط محفظة للدفع',
  'pay.wrongNamespace': 'اربط محفظة على {network} للدفع.',
  'pay.paying': 'أكّد الدفع في محفظتك',
  'pay.fromExchange': 'الدفع من منصة تداول',
  'pay.exchangeOpen': 'أكّد الدفع في نافذة منصة التداول',
  'pay.error.exchangeClosed': 'أُغلقت نافذة منصة التداول دون إتمام الدفع',
  'pay.error.exchangeCancelled': 'أُلغي الدفع على منصة التداول',
  'pay.loading': 'جارٍ قراءة الرمز…',
  'pay.error.rejected': 'رفضت الدفع في محفظتك',
  'pay.error.failed': 'فشل الدفع',
  'pay.error.token': 'تعذّرت قراءة هذا الرمز؛ مرِّر بياناته في `metadata`',
}
