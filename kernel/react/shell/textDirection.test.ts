import { describe, expect, it } from 'vitest'
import { textDirection } from './textDirection.js'

describe('textDirection', () => {
  it('Arabic, Hebrew, Persian and Urdu read right to left', () => {
    for (const locale of ['ar', 'ar-EG', 'he', 'fa-IR', 'ur']) expect(textDirection(locale), locale).toBe('rtl')
  })

  it('a script subtag decides over the language: Arabic-script Azerbaijani and Punjabi read right to left, Devanagari Kashmiri left to right', () => {
    for (const locale of ['az-Arab', 'pa-Arab-PK', 'az-arab']) expect(textDirection(locale), locale).toBe('rtl')
    expect(textDirection('ks-Deva')).toBe('ltr')
    expect(textDirection('ks')).toBe('rtl')
  })

  it('a language code only starts the tag: "arn" (Mapuche) and "her" are not Arabic or Hebrew', () => {
    for (const locale of ['arn', 'her', 'hebr']) expect(textDirection(locale), locale).toBe('ltr')
  })

  it('the other shipped locales, a Latin-script Azerbaijani and a malformed tag read left to right', () => {
    for (const locale of ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'az-Latn', 'not a tag!'])
      expect(textDirection(locale), locale).toBe('ltr')
  })
})
