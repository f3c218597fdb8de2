import type { Translations } from 'foyer'

/** Arabic (right to left) for the receive plugin. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'receive.title': 'استلام',
  'receive.action': 'استلام',
  'receive.qrLabel': 'رمز QR لعنوانك',
  'receive.copy': 'نسخ العنوان',
  'receive.copied': 'تم نسخ العنوان',
  'receive.copyFailed': 'تعذّر نسخ العنوان',
  'receive.networks': 'يستقبل هذا العنوان على هذه الشبكات',
  'receive.warning': 'لا ترسل إلى هذا العنوان إلا أصولًا من هذه الشبكات.',
  'receive.notConnected': 'اربط محفظة لعرض عنوانك.',
}
