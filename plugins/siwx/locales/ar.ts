import type { Translations } from 'foyer'

/** Arabic (right to left) for the siwx plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const ar: Translations = {
  'siwx.title': 'تسجيل الدخول',
  'siwx.explain': 'يطلب منك {app} توقيع رسالة لإثبات أن هذا الحساب ملكك. التوقيع مجاني ولا يُرسل أي معاملة.',
  'siwx.sign': 'تسجيل الدخول',
  'siwx.skip': 'ليس الآن',
  'siwx.disconnect': 'قطع الاتصال',
  'siwx.requiredNote': 'يتطلب هذا الموقع تسجيل الدخول لتبقى متصلًا.',
  'siwx.signing': 'وقّع الرسالة في محفظتك…',
  'siwx.rejected': 'رفضت التوقيع.',
  'siwx.refused': 'رُفض تسجيل الدخول: {reason}',
  'siwx.failed': 'فشل تسجيل الدخول: {reason}',
}
