import type { Translations } from 'foyer'

/** Arabic (right to left) for the activity plugin. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'activity.tab': 'النشاط',
  'activity.label': 'نشاطك',
  'activity.loading': 'جارٍ التحميل…',
  'activity.empty': 'لا يوجد نشاط على هذه الشبكة بعد.',
  'activity.fetchFailed': 'تعذّر جلب المعاملات',
  'activity.loadMore': 'تحميل المزيد',
  'activity.send': 'تم الإرسال',
  'activity.receive': 'تم الاستلام',
  'activity.mint': 'تم السكّ',
  'activity.trade': 'تمت المبادلة',
  'activity.buy': 'تم الشراء',
  'activity.execute': 'استدعاء عقد',
  'activity.failed': 'فشلت',
  'activity.pending': 'قيد الانتظار',
  'activity.moreTransfers': '+{n} أخرى',
}
