import type { Translations } from 'foyer'

/** Arabic (right to left) for the names plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const ar: Translations = {
  'names.action': 'احصل على اسم',
  'names.title': 'اختر اسمك',
  'names.successTitle': 'تم تسجيل الاسم',
  'names.field': 'الاسم',
  'names.hint': 'ينتهي اسمك باللاحقة .{zone}. أحرف وأرقام وشرطات؛ 4 أحرف على الأقل.',
  'names.error.characters': 'استخدم الأحرف والأرقام والشرطات فقط',
  'names.error.short': 'يتكوّن الاسم من 4 أحرف على الأقل',
  'names.error.long': 'يتكوّن الاسم من 63 حرفًا على الأكثر',
  'names.checking': 'جارٍ التحقق من {name}…',
  'names.available': '{name} متاح',
  'names.taken': '{name} محجوز',
  'names.suggestions': 'أسماء متاحة',
  'names.register': 'تسجيل',
  'names.signing': 'وقّع الرسالة في محفظتك لتسجيل {name}.',
  'names.registering': 'جارٍ تسجيل {name}…',
  'names.cancelled': 'ألغيت التوقيع: لم يُسجَّل {name}.',
  'names.unsupported': 'الأسماء مخصّصة لحسابات EVM. بدّل إلى أحدها للحصول على اسم.',
  'names.notConnected': 'اربط محفظة للحصول على اسم.',
  'names.success': 'يظهر الآن في كل مكان يظهر فيه عنوانك.',
  'names.done': 'العودة إلى الحساب',
  'names.error.resolve': 'خطأ في تحليل الاسم',
  'names.error.suggestions': 'خطأ في جلب اقتراحات الأسماء',
  'names.error.reverse': 'خطأ في جلب أسماء العنوان',
  'names.error.register': 'خطأ في تسجيل الاسم {name}',
}
