/** Scripts written right to left (ISO 15924): Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, Hanifi Rohingya, Mandaic, Samaritan. */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg', 'mand', 'samr'])

/**
 * Languages whose usual script is one of those: Arabic, Hebrew (and its old code `iw`), Persian and Dari, Urdu,
 * Pashto, Dhivehi, Yiddish, Central Kurdish, Sindhi, Uyghur, Kashmiri, Syriac, N'Ko, Aramaic, Mazanderani, Gilaki,
 * Northern Luri, Balochi.
 */
const RTL_LANGUAGES = new Set([
  'ar',
  'he',
  'iw',
  'fa',
  'prs',
  'ur',
  'ps',
  'dv',
  'yi',
  'ckb',
  'sd',
  'ug',
  'ks',
  'syr',
  'nqo',
  'arc',
  'mzn',
  'glk',
  'lrc',
  'bal',
])

/**
 * `'rtl'` for a locale written right to left (`ar`, `he`, `fa`, `ur` …): the modal's root takes it as `dir`, and the
 * whole modal mirrors. A script subtag decides when the tag has one (`az-Arab` is right to left, `ks-Deva` is not);
 * otherwise the language's usual script does. A malformed tag reads left to right.
 *
 * Not `new Intl.Locale(tag).maximize()`: its first call loads the likely-subtags data, about 20 ms on the click that
 * first opens the modal (#21), for an answer two small sets give.
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const match = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-|$)/i.exec(locale)
  if (!match) return 'ltr'
  const [, language, script] = match
  const rtl = script ? RTL_SCRIPTS.has(script.toLowerCase()) : RTL_LANGUAGES.has(language!.toLowerCase())
  return rtl ? 'rtl' : 'ltr'
}
