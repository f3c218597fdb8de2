import { describe, expect, it } from 'vitest'

import { en as kernelEnglish } from '../kernel/core/locales/en.js'
import { modalTexts as kernelModalTexts } from '../kernel/core/locales/modal.js'
import { kernelLocales } from '../kernel/core/locales/index.js'
import { en as activityEnglish } from '../plugins/activity/locales.js'
import { loadTranslations as activityTranslations } from '../plugins/activity/locales/index.js'
import { viewTexts as activityViewTexts } from '../plugins/activity/texts.js'
import { en as emailEnglish } from '../plugins/email/locales.js'
import { loadTranslations as emailTranslations } from '../plugins/email/locales/index.js'
import { viewTexts as emailViewTexts } from '../plugins/email/texts.js'
import { en as namesEnglish } from '../plugins/names/locales.js'
import { loadTranslations as namesTranslations } from '../plugins/names/locales/index.js'
import { viewTexts as namesViewTexts } from '../plugins/names/texts.js'
import { en as onrampEnglish } from '../plugins/onramp/locales.js'
import { loadTranslations as onrampTranslations } from '../plugins/onramp/locales/index.js'
import { viewTexts as onrampViewTexts } from '../plugins/onramp/texts.js'
import { en as payEnglish } from '../plugins/pay/locales.js'
import { loadTranslations as payTranslations } from '../plugins/pay/locales/index.js'
import { viewTexts as payViewTexts } from '../plugins/pay/texts.js'
import { en as portfolioEnglish } from '../plugins/portfolio/locales.js'
import { loadTranslations as portfolioTranslations } from '../plugins/portfolio/locales/index.js'
import { viewTexts as portfolioViewTexts } from '../plugins/portfolio/texts.js'
import { en as receiveEnglish } from '../plugins/receive/locales.js'
import { loadTranslations as receiveTranslations } from '../plugins/receive/locales/index.js'
import { viewTexts as receiveViewTexts } from '../plugins/receive/texts.js'
import { en as sendEnglish } from '../plugins/send/locales.js'
import { loadTranslations as sendTranslations } from '../plugins/send/locales/index.js'
import { viewTexts as sendViewTexts } from '../plugins/send/texts.js'
import { en as siwxEnglish } from '../plugins/siwx/locales.js'
import { loadTranslations as siwxTranslations } from '../plugins/siwx/locales/index.js'
import { viewTexts as siwxViewTexts } from '../plugins/siwx/texts.js'
import { en as socialsEnglish } from '../plugins/socials/locales.js'
import { loadTranslations as socialsTranslations } from '../plugins/socials/locales/index.js'
import { en as swapsEnglish } from '../plugins/swaps/locales.js'
import { loadTranslations as swapsTranslations } from '../plugins/swaps/locales/index.js'
import { viewTexts as swapsViewTexts } from '../plugins/swaps/texts.js'
import { en as walletsEnglish } from '../plugins/wallets/locales.js'
import { loadTranslations as walletsTranslations } from '../plugins/wallets/locales/index.js'
import { en as evmEnglish } from '../chains/evm/locales.js'
import { loadTranslations as evmTranslations } from '../chains/evm/locales/index.js'
import { viewTexts as evmViewTexts } from '../chains/evm/texts.js'
import { en as solanaEnglish } from '../chains/solana/locales.js'
import { loadTranslations as solanaTranslations } from '../chains/solana/locales/index.js'
import { checkTranslations } from './translations.js'

// Every locale Foyer ships, for the kernel and for every plugin: complete, with English's placeholders.
const locales = Object.keys(kernelLocales)

/** Each part that ships texts: its whole English and how it loads a locale. */
const parts: {
  name: string
  english: Record<string, string>
  load: (locale: string) => Promise<Readonly<Record<string, string>> | undefined>
}[] = [
  {
    name: 'kernel',
    english: { ...kernelEnglish, ...kernelModalTexts },
    load: (locale) => kernelLocales[locale]!() as Promise<Record<string, string>>,
  },
  { name: 'evm', english: { ...evmEnglish, ...evmViewTexts }, load: evmTranslations },
  { name: 'solana', english: solanaEnglish, load: solanaTranslations },
  { name: 'activity', english: { ...activityEnglish, ...activityViewTexts }, load: activityTranslations },
  { name: 'email', english: { ...emailEnglish, ...emailViewTexts }, load: emailTranslations },
  { name: 'names', english: { ...namesEnglish, ...namesViewTexts }, load: namesTranslations },
  { name: 'onramp', english: { ...onrampEnglish, ...onrampViewTexts }, load: onrampTranslations },
  { name: 'pay', english: { ...payEnglish, ...payViewTexts }, load: payTranslations },
  { name: 'portfolio', english: { ...portfolioEnglish, ...portfolioViewTexts }, load: portfolioTranslations },
  { name: 'receive', english: { ...receiveEnglish, ...receiveViewTexts }, load: receiveTranslations },
  { name: 'send', english: { ...sendEnglish, ...sendViewTexts }, load: sendTranslations },
  { name: 'siwx', english: { ...siwxEnglish, ...siwxViewTexts }, load: siwxTranslations },
  { name: 'socials', english: socialsEnglish, load: socialsTranslations },
  { name: 'swaps', english: { ...swapsEnglish, ...swapsViewTexts }, load: swapsTranslations },
  { name: 'wallets', english: walletsEnglish, load: walletsTranslations },
]

describe('translations', () => {
  it('Foyer ships es, fr, de, pt-BR, ja, zh-CN and ar besides English', () => {
    expect(locales.sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'])
  })

  for (const part of parts) {
    for (const locale of locales) {
      it(`${part.name} has every key and placeholder of English in ${locale}, and no other`, async () => {
        const translated = await part.load(locale)
        expect(translated, `${part.name} ships no ${locale}`).toBeDefined()
        expect(checkTranslations(part.english, translated!, locale)).toEqual([])
      })
    }
  }

  it('the check finds a missing key, an extra key, a lost or added placeholder, a missing plural', () => {
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
