import type { Translations } from 'foyer'

/** Arabic for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'evm.browserWallet': 'محفظة المتصفح',
  'evm.unsupported.current': 'محفظتك على السلسلة {chainId}.',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'رمز QR لربط محفظة',
  'evm.wc.scan': 'امسحه بتطبيق المحفظة على هاتفك',
  'evm.wc.scanWith': 'امسحه باستخدام {wallet} على هاتفك',
  'evm.wc.creating': 'جارٍ تجهيز رمز…',
  'evm.wc.expired': 'انتهت صلاحية الرمز. جارٍ إنشاء رمز جديد…',
  'evm.wc.connecting': 'جارٍ الاتصال بـ {wallet}…',
  'evm.wc.copy': 'نسخ الرابط',
  'evm.wc.copied': 'تم نسخ الرابط',
  'evm.wc.copyFailed': 'تعذّر نسخ الرابط',
  'evm.wc.openApp': 'فتح {wallet}',
  'evm.wc.openWeb': 'فتح تطبيق الويب لـ {wallet}',
}
