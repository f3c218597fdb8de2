import { describe, expect, it } from 'vitest'
import { textDirection } from './textDirection.js'

describe('textDirection', () => {
  it('behavior: Arabic, Hebrew, Persian and Urdu read right to left', () => {
    for (const locale of ['ar', 'ar-EG', 'he', 'fa-IR', 'ur']) expect(textDirection(locale), locale).toBe('rtl')
  })

  it('behavior: the other shipped locales, a Latin-script Azerbaijani and a malformed tag read left to right', () => {
    for (const locale of ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'az-Latn', 'not a tag!']) expect(textDirection(locale), locale).toBe('ltr')
  })
})
