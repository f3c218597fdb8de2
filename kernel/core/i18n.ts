import { en, type CoreMessages } from './locales/en.js'

/**
 * Every visible string, by key. Plugins add their keys by declaration merging and ship their
 * English text in their manifest's `locales.en` (STYLE 12).
 */
export interface Messages extends CoreMessages {}

export type MessageKey = keyof Messages & string
export type MessageParams = Record<string, string | number>

/** A locale's texts: a plugin's may cover only its own keys. */
export type LocaleMessages = Partial<Record<MessageKey, string>>

/** Loads a locale on demand, so a page pays only for the language it shows. */
export type LocaleLoader = () => Promise<LocaleMessages>

export interface I18n {
  readonly locale: string
  /** The text for `key` in the current locale, English when the locale lacks it, the key itself when both do. */
  t(key: MessageKey, params?: MessageParams): string
  /** Adds texts for a locale; later additions win, so the host's overrides go last. */
  add(locale: string, messages: LocaleMessages): void
  /**
   * Adds texts only where the locale has none yet: how a lazily loaded view brings its English
   * without undoing the host's `messages` or a loaded translation. It notifies nobody: it runs as the
   * view renders, before anything has shown those texts, and a notification there would re-render
   * other components mid-render.
   */
  addDefaults(locale: string, messages: LocaleMessages): void
  /** Switches locale, loading it first when a loader is registered and it is not loaded yet. */
  setLocale(locale: string): Promise<void>
  /** Registers how to load a locale on demand. */
  addLoader(locale: string, loader: LocaleLoader): void
  subscribe(listener: () => void): () => void
}

export function createI18n(locale = 'en'): I18n {
  const catalogues = new Map<string, LocaleMessages>([['en', { ...en }]])
  const loaders = new Map<string, LocaleLoader[]>()
  const listeners = new Set<() => void>()
  let current = 'en'

  const notify = () => listeners.forEach((listener) => listener())

  const i18n: I18n = {
    get locale() {
      return current
    },
    t(key, params) {
      const text = catalogues.get(current)?.[key] ?? catalogues.get('en')?.[key] ?? key
      return params ? interpolate(text, params) : text
    },
    add(target, messages) {
      catalogues.set(target, { ...catalogues.get(target), ...messages })
      if (target === current) notify()
    },
    addDefaults(target, messages) {
      const existing = catalogues.get(target) ?? {}
      if (Object.keys(messages).every((key) => key in existing)) return
      catalogues.set(target, { ...messages, ...existing })
    },
    addLoader(target, loader) {
      loaders.set(target, [...(loaders.get(target) ?? []), loader])
    },
    async setLocale(target) {
      const pending = loaders.get(target) ?? []
      loaders.delete(target)
      let loaded: LocaleMessages[]
      try {
        loaded = await Promise.all(pending.map((load) => load()))
      } catch (error) {
        // Put the loaders back, so that a failed chunk is fetched again on the next try.
        loaders.set(target, [...pending, ...(loaders.get(target) ?? [])])
        throw error
      }
      for (const messages of loaded) i18n.add(target, messages)
      current = target
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  if (locale !== 'en') current = locale
  return i18n
}

function interpolate(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}
