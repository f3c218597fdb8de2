/** Scripts written right to left (ISO 15924): Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, Hanifi Rohingya, Mandaic, Samaritan. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr'])

/**
 * `'rtl'` for a locale written right to left (`ar`, `he`, `fa`, `ur` …), by the script its tag implies: the
 * modal's root takes it as `dir`, and the whole modal mirrors. A malformed tag reads left to right.
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    return RTL_SCRIPTS.has(new Intl.Locale(locale).maximize().script ?? '') ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}
