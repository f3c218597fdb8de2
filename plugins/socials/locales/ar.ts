import type { Translations } from 'foyer'

/** Arabic (right to left) for the socials plugin. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'socials.title': 'تسجيل الدخول عبر الحسابات الاجتماعية',
  'socials.continueWith': 'المتابعة باستخدام {provider}',
  'socials.connectingTitle': 'تسجيل الدخول باستخدام {provider}',
  'socials.opening': 'جارٍ فتح {provider}…',
  'socials.waiting': 'تابع في نافذة {provider}. ستُغلق تلقائيًا عند تسجيل دخولك.',
  'socials.connecting': 'جارٍ فتح محفظتك…',
  'socials.tryAgain': 'إعادة المحاولة',
  'socials.farcasterTitle': 'تسجيل الدخول باستخدام Farcaster',
  'socials.farcasterScan': 'امسح هذا الرمز بكاميرا هاتفك أو بتطبيق Farcaster.',
  'socials.farcasterOpen': 'فتح في Farcaster',
  'socials.farcasterQr': 'رمز QR لتسجيل الدخول عبر Farcaster',
  'socials.signedIn': 'تم تسجيل الدخول باستخدام {provider}',
  'socials.signedInAs': '{name} · {provider}',
}
