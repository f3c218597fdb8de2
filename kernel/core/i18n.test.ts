import { describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { createI18n } from './i18n.js'
import { en } from './locales/en.js'
import { definePlugin } from './plugin.js'

describe('createI18n', () => {
  it('behavior: English by default', () => {
    const i18n = createI18n()
    expect(i18n.locale).toBe('en')
    expect(i18n.t('account.title')).toBe(en['account.title'])
  })

  it('behavior: falls back to English, then to the key itself', async () => {
    const i18n = createI18n()
    i18n.add('de', { 'account.title': 'Konto' })
    await i18n.setLocale('de')
    expect(i18n.t('account.title')).toBe('Konto')
    expect(i18n.t('modal.close')).toBe('Close')
    expect(i18n.t('nothing.here' as never)).toBe('nothing.here')
  })

  it('behavior: fills {placeholders} and leaves unknown ones as written', () => {
    const i18n = createI18n()
    expect(i18n.t('connecting.waiting', { wallet: 'MetaMask' })).toBe('Continue in MetaMask')
    expect(i18n.t('account.switchNamespace', { other: 'x' })).toBe('Show {namespace} account')
    i18n.add('en', { 'connecting.title': '{wallet} and {wallet}, {n}' })
    expect(i18n.t('connecting.title', { wallet: 'A', n: 2 })).toBe('A and A, 2')
  })

  it('behavior: later additions win, so host overrides go last', () => {
    const i18n = createI18n()
    i18n.add('en', { 'account.title': 'Your account' })
    expect(i18n.t('account.title')).toBe('Your account')
    expect(i18n.t('modal.close')).toBe('Close')
  })

  it('behavior: a lazy locale loader runs only on setLocale, once, and then its texts apply', async () => {
    const i18n = createI18n()
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

  it('behavior: a failed locale load keeps the current locale and is retried next time', async () => {
    const i18n = createI18n()
    const loader = vi.fn<() => Promise<{ 'account.title': string }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ 'account.title': 'Compte' })
    i18n.addLoader('fr', loader)
    await expect(i18n.setLocale('fr')).rejects.toThrow('chunk failed')
    expect(i18n.locale).toBe('en')
    await i18n.setLocale('fr')
    expect(i18n.t('account.title')).toBe('Compte')
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('behavior: subscribers hear locale switches and additions to the current locale only', async () => {
    const i18n = createI18n()
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

  it('behavior: the kernel loads a non-English locale option on demand and applies host messages', async () => {
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

  it("behavior: addDefaults fills only missing texts, so a lazy view's English never undoes the host's messages", () => {
    const i18n = createI18n()
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
})
