import { afterEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { createI18n } from './i18n.js'
import { en } from './locales/en.js'
import { modalTexts } from './locales/modal.js'
import { de } from './locales/de.js'
import { es } from './locales/es.js'
import { textDirection } from '../react/shell/textDirection.js'
import { definePlugin } from './plugin.js'

/** An i18n with the modal's English too, as once the modal's code has loaded (ModalRoot). */
function withModalTexts(warn?: (message: string) => void) {
  const i18n = createI18n(warn)
  i18n.addDefaults('en', modalTexts)
  return i18n
}

describe('createI18n', () => {
  it('English by default', () => {
    const i18n = createI18n()
    expect(i18n.locale).toBe('en')
    expect(i18n.t('account.title')).toBe(en['account.title'])
  })

  it('falls back to English, then to the key itself', async () => {
    const i18n = withModalTexts()
    i18n.add('es', { 'account.title': 'Mi cuenta' })
    i18n.addLoader('es', async () => ({ 'test.spanishOnly': 'Solo' }) as never)
    await i18n.setLocale('es')
    expect(i18n.t('account.title')).toBe('Mi cuenta')
    i18n.add('en', { 'test.english': 'Only in English' } as never)
    expect(i18n.t('test.english' as never)).toBe('Only in English')
    expect(i18n.t('nothing.here' as never)).toBe('nothing.here')
  })

  it('a shipped locale loads its own chunk on setLocale, under the host texts', async () => {
    const i18n = withModalTexts()
    i18n.add('es', { 'modal.close': 'Salir' })
    expect(i18n.t('modal.back')).toBe('Back')
    await i18n.setLocale('es')
    expect(i18n.locale).toBe('es')
    expect(i18n.t('modal.back')).toBe(es['modal.back'])
    expect(i18n.t('modal.close')).toBe('Salir')
  })

  it('a regional tag reads its language, and keeps the tag for Intl', async () => {
    const i18n = withModalTexts()
    await i18n.setLocale('es-MX')
    expect(i18n.locale).toBe('es-MX')
    expect(i18n.t('modal.back')).toBe(es['modal.back'])
  })

  it('the closest shipped locale: pt reads pt-BR, zh and zh-SG read zh-CN, zh-TW (Traditional) falls back to English', async () => {
    const i18n = withModalTexts()
    await i18n.setLocale('pt')
    expect(i18n.t('modal.back')).toBe('Voltar')
    await i18n.setLocale('zh-SG')
    expect(i18n.t('modal.back')).toBe('返回')
    await i18n.setLocale('zh-TW')
    expect(i18n.locale).toBe('en')
    expect(i18n.t('modal.back')).toBe('Back')
    await i18n.setLocale('AR')
    expect(i18n.t('modal.back')).toBe('رجوع')
  })

  it('a locale with no texts falls back to English with a warning that says what ships', async () => {
    const warn = vi.fn()
    const i18n = withModalTexts(warn)
    await i18n.setLocale('es')
    await i18n.setLocale('sw')
    expect(i18n.locale).toBe('en')
    expect(i18n.t('modal.back')).toBe('Back')
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]![0]).toMatch(
      /^Foyer has no texts for locale 'sw'; showing English\. It ships en, es, fr, de, pt-BR, ja, zh-CN, ar;/,
    )
    await i18n.setLocale('not a tag!')
    expect(i18n.locale).toBe('en')
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('a locale only a plugin or the host translates is used, and the warning says Foyer’s own texts stay English', async () => {
    const warn = vi.fn()
    const i18n = withModalTexts(warn)
    i18n.addLoader('sw', async () => ({ 'account.title': 'Akaunti' }))
    await i18n.setLocale('sw')
    expect(i18n.locale).toBe('sw')
    expect(i18n.t('account.title')).toBe('Akaunti')
    expect(i18n.t('modal.back')).toBe('Back')
    expect(warn.mock.calls[0]![0]).toMatch(/^Foyer has no texts for locale 'sw'; its own texts show in English\./)
  })

  it("a '*' loader is asked once for each locale the page switches to, with its name", async () => {
    const i18n = withModalTexts()
    const loader = vi.fn(async (locale: string) => (locale === 'es' ? ({ 'test.plugin': 'Del plugin' } as never) : undefined))
    i18n.addLoader('*', loader)
    await i18n.setLocale('es')
    expect(loader).toHaveBeenCalledExactlyOnceWith('es')
    expect(i18n.t('test.plugin' as never)).toBe('Del plugin')
    await i18n.setLocale('en')
    await i18n.setLocale('es')
    await i18n.setLocale('en')
    expect(loader.mock.calls).toEqual([['es'], ['en']])
  })

  it('plural forms by Intl.PluralRules, the bare key being other', async () => {
    const i18n = withModalTexts()
    expect(i18n.t('allWallets.count', { count: 1 })).toBe('1 wallet')
    expect(i18n.t('allWallets.count', { count: 0 })).toBe('0 wallets')
    await i18n.setLocale('ar')
    const n = (value: number) => value.toLocaleString('ar')
    expect(i18n.t('allWallets.count', { count: 0 })).toBe('لا توجد محافظ')
    expect(i18n.t('allWallets.count', { count: 1 })).toBe('محفظة واحدة')
    expect(i18n.t('allWallets.count', { count: 2 })).toBe('محفظتان')
    expect(i18n.t('allWallets.count', { count: 5 })).toBe(`${n(5)} محافظ`)
    expect(i18n.t('allWallets.count', { count: 11 })).toBe(`${n(11)} محفظة`)
    expect(i18n.t('allWallets.count', { count: 100 })).toBe(`${n(100)} محفظة`)
    // Japanese has no 'one': its bare key serves 1 too, never the English 'one'.
    await i18n.setLocale('ja')
    expect(i18n.t('allWallets.count', { count: 1 })).toBe('1 個のウォレット')
  })

  it("number parameters are written in the locale's way, strings as they are", async () => {
    const i18n = withModalTexts()
    expect(i18n.t('allWallets.count', { count: 1234 })).toBe('1,234 wallets')
    await i18n.setLocale('es')
    expect(i18n.t('allWallets.count', { count: 12345.5 })).toBe(`${(12345.5).toLocaleString('es')} billeteras`)
    expect(i18n.t('allWallets.count', { count: 12345.5 })).toMatch(/^12\.345,5 /)
    expect(i18n.t('allWallets.noResults', { query: '1234.5' })).toContain('1234.5')
  })

  it('fills {placeholders} and leaves unknown ones as written', () => {
    const i18n = withModalTexts()
    expect(i18n.t('connecting.waiting', { wallet: 'MetaMask' })).toBe('Continue in MetaMask')
    expect(i18n.t('account.switchNamespace', { other: 'x' })).toBe('Show {namespace} account')
    i18n.add('en', { 'connecting.title': '{wallet} and {wallet}, {n}' })
    expect(i18n.t('connecting.title', { wallet: 'A', n: 2 })).toBe('A and A, 2')
  })

  it('later additions win, so host overrides go last', () => {
    const i18n = withModalTexts()
    i18n.add('en', { 'account.title': 'Your account' })
    expect(i18n.t('account.title')).toBe('Your account')
    expect(i18n.t('modal.close')).toBe('Close')
  })

  it('a lazy locale loader runs only on setLocale, once, and then its texts apply', async () => {
    const i18n = withModalTexts()
    const loader = vi.fn(async () => ({ 'account.title': 'Compte' }))
    const second = vi.fn(async () => ({ 'modal.close': 'Fermer' }))
    i18n.addLoader('fr', loader)
    i18n.addLoader('fr', second)
    expect(loader).not.toHaveBeenCalled()
    expect(i18n.t('account.title')).toBe('Account')

    await i18n.setLocale('fr')
    expect(i18n.locale).toBe('fr')
    expect(i18n.t('account.title')).toBe('Compte')
    expect(i18n.t('modal.close')).toBe('Fermer')
    await i18n.setLocale('en')
    await i18n.setLocale('fr')
    expect(loader).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('a failed locale load keeps the current locale and is retried next time', async () => {
    const i18n = withModalTexts()
    const loader = vi
      .fn<() => Promise<{ 'account.title': string }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ 'account.title': 'Compte' })
    i18n.addLoader('fr', loader)
    await expect(i18n.setLocale('fr')).rejects.toThrow('chunk failed')
    expect(i18n.locale).toBe('en')
    await i18n.setLocale('fr')
    expect(i18n.t('account.title')).toBe('Compte')
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('subscribers hear locale switches and additions to the current locale only', async () => {
    const i18n = withModalTexts()
    const listener = vi.fn()
    const off = i18n.subscribe(listener)
    i18n.add('de', { 'account.title': 'Konto' })
    expect(listener).not.toHaveBeenCalled()
    i18n.add('en', { 'account.title': 'Me' })
    await i18n.setLocale('de')
    expect(listener).toHaveBeenCalledTimes(2)
    off()
    await i18n.setLocale('en')
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('the kernel loads a non-English locale option on demand and applies host messages', async () => {
    const loader = vi.fn(async () => ({ 'account.title': 'Compte' }))
    const kernel = testKernel({
      locale: 'fr',
      messages: { 'modal.close': 'Fermer la fenêtre' },
      plugins: [definePlugin({ name: 'fr', locales: { fr: loader } })],
    })
    await vi.waitFor(() => expect(kernel.i18n.locale).toBe('fr'))
    expect(kernel.i18n.t('account.title')).toBe('Compte')
    expect(kernel.i18n.t('modal.close')).toBe('Fermer la fenêtre')
  })

  it("the kernel's locale option falls back to English with the warning in its log", async () => {
    const kernel = testKernel({ locale: 'tlh' })
    await vi.waitFor(() => expect(kernel.logger.read()).toContain("Foyer has no texts for locale 'tlh'; showing English."))
    expect(kernel.i18n.locale).toBe('en')
  })

  it("addDefaults fills only missing texts, so a lazy view's English never undoes the host's messages", () => {
    const i18n = withModalTexts()
    const listener = vi.fn()
    i18n.subscribe(listener)
    i18n.add('en', { 'test.kept': 'The host says' } as never)
    i18n.addDefaults('en', { 'test.kept': 'The view says', 'test.added': 'Added' } as never)
    expect(i18n.t('test.kept' as never)).toBe('The host says')
    expect(i18n.t('test.added' as never)).toBe('Added')
    // Only the host's add notified: defaults arrive before anything shows them.
    expect(listener).toHaveBeenCalledTimes(1)
    i18n.addDefaults('en', { 'test.added': 'Again' } as never)
    expect(i18n.t('test.added' as never)).toBe('Added')
  })

  describe("the visitor's languages, when the host sets no locale", () => {
    afterEach(() => vi.unstubAllGlobals())
    const browserSpeaks = (...languages: string[]) => vi.stubGlobal('navigator', { languages })

    it('the first language Foyer ships wins, its regional tag kept for Intl', async () => {
      browserSpeaks('sw', 'de-AT', 'fr')
      const kernel = testKernel()
      await vi.waitFor(() => expect(kernel.i18n.locale).toBe('de-AT'))
      expect(kernel.i18n.t('account.title')).toBe(de['account.title'])
    })

    it('Arabic is chosen and reads right to left', async () => {
      browserSpeaks('ar-EG', 'en')
      const kernel = testKernel()
      await vi.waitFor(() => expect(kernel.i18n.locale).toBe('ar-EG'))
      expect(textDirection(kernel.i18n.locale)).toBe('rtl')
    })

    it('English first keeps English, even with a shipped language after it', async () => {
      browserSpeaks('en-GB', 'ja')
      const kernel = testKernel()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(kernel.i18n.locale).toBe('en')
    })

    it('no shipped language keeps English, and warns about nothing', async () => {
      browserSpeaks('sw', 'tlh')
      const kernel = testKernel({ logLevel: 'debug' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(kernel.i18n.locale).toBe('en')
      expect(kernel.logger.read()).not.toContain('no texts')
    })

    it("the host's locale wins over the browser's, English included", async () => {
      browserSpeaks('ja')
      const english = testKernel({ locale: 'en' })
      const french = testKernel({ locale: 'fr' })
      await vi.waitFor(() => expect(french.i18n.locale).toBe('fr'))
      expect(english.i18n.locale).toBe('en')
    })

    it('without a navigator (a server render) the kernel stays English', async () => {
      vi.stubGlobal('navigator', undefined)
      const kernel = testKernel()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(kernel.i18n.locale).toBe('en')
    })
  })
})
