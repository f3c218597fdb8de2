import { describe, expect, it } from 'vitest'

import { en as kernelEnglish } from '../kernel/core/locales/en.js'
import { kernelLocales } from '../kernel/core/locales/index.js'
import { checkTranslations } from './translations.js'

// Every locale Foyer ships, for the kernel and for every plugin: complete, with English's placeholders.
const locales = Object.keys(kernelLocales)

/** Each part that ships texts: its whole English and how it loads a locale. */
const parts: { name: string; english: Record<string, string>; load: (locale: string) => Promise<Readonly<Record<string, string>> | undefined> }[] = [
  { name: 'kernel', english: kernelEnglish, load: (locale) => kernelLocales[locale]!() as Promise<Record<string, string>> },
]

describe('translations', () => {
  it('behavior: Foyer ships es, fr, de, pt-BR, ja, zh-CN and ar besides English', () => {
    expect(locales.sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'])
  })

  for (const part of parts) {
    for (const locale of locales) {
      it(`behavior: ${part.name} has every key and placeholder of English in ${locale}, and no other`, async () => {
        const translated = await part.load(locale)
        expect(translated, `${part.name} ships no ${locale}`).toBeDefined()
        expect(checkTranslations(part.english, translated!, locale)).toEqual([])
      })
    }
  }

  it('behavior: the check finds a missing key, an extra key, a lost or added placeholder, a missing plural', () => {
    const english = { a: 'A', b: 'Hello {name}', n: '{count} items', 'n.one': 'One item' }
    expect(checkTranslations(english, { a: 'α', b: 'Hallo {name}', n: '{count} Dinge', 'n.one': 'Ein Ding' }, 'de')).toEqual([])
    expect(
      checkTranslations(english, { b: 'Hallo', c: 'extra', n: '{count} {name} Dinge', 'n.one': 'Ein Ding', 'n.few': 'x' }, 'de'),
    ).toEqual([
      "de: missing 'a'",
      "de: 'b' has placeholders {}; English has {name}",
      "de: 'c' is not an English key",
      "de: 'n' has placeholders {count, name}; English has {count}",
      "de: 'n.few' is not an English key (de has no 'few' plural)",
    ])
    expect(checkTranslations(english, { a: '', b: '{name}', n: '{count}' }, 'ar').sort()).toEqual([
      "ar: 'a' is empty",
      "ar: missing 'n.few'",
      "ar: missing 'n.many'",
      "ar: missing 'n.one'",
      "ar: missing 'n.two'",
      "ar: missing 'n.zero'",
    ])
  })
})
