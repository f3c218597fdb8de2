import { en, type CoreMessages } from './locales/en.js'

/**
 * Every visible string, by key. Plugins add their keys by declaration merging and ship their
 * English text in their manifest's `locales.en` (style 12).
 */
export interface Messages extends CoreMessages {}

export type MessageKey = keyof Messages & string
export type MessageParams = Record<string, string | number>

/** A locale's texts: a plugin's may cover only its own keys. */
export type LocaleMessages = Partial<Record<MessageKey, string>>

/**
 * A translation file (a locale's texts, as a plugin or the kernel ships them): the keys it translates, plus the
 * plural forms its language has and English lacks (`key.few`, `key.many` …).
 */
export type Translations = LocaleMessages & Readonly<Record<string, string>>

/**
 * Loads a locale on demand, so a page pays only for the language it shows. Registered under `'*'`, it is asked for
 * every locale the page switches to (with that locale's name) and resolves `undefined` for those it lacks: how a
 * plugin ships all its translations behind one `import()`.
 */
export type LocaleLoader = (locale: string) => Promise<LocaleMessages | undefined>

export interface I18n {
  /** The BCP 47 tag in use, for `Intl` (`'fr-CA'` reads the `fr` texts); `'en'` after a fallback. */
  readonly locale: string
  /**
   * The text for `key` in the current locale, English when the locale lacks it, the key itself when both do.
   * A number `count` picks the plural form `key.one`, `key.few` … by `Intl.PluralRules` (the bare key is `other`);
   * number parameters are written with the locale's digits and separators.
   */
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
  /**
   * Switches locale, loading its texts first (Foyer's own and every registered loader's) when they are not loaded
   * yet. A tag Foyer has no texts for falls back to the closest one (`fr-CA` → `fr`, `pt` → `pt-BR`), else to
   * English with a warning in the log.
   */
  setLocale(locale: string): Promise<void>
  /**
   * Switches to the first of `preferred` (the visitor's languages, best first) that Foyer ships, or English when none
   * ships. How the kernel follows the browser when the host sets no `locale`.
   */
  setPreferredLocale(preferred: readonly string[]): Promise<void>
  /** Registers how to load a locale on demand; `'*'` for a loader asked about every locale. */
  addLoader(locale: string, loader: LocaleLoader): void
  subscribe(listener: () => void): () => void
}

/** @param warn where a missing locale is reported (the kernel's logger). */
export function createI18n(warn: (message: string) => void = () => {}): I18n {
  const catalogues = new Map<string, LocaleMessages>([['en', { ...en }]])
  const loaders = new Map<string, LocaleLoader[]>()
  const listeners = new Set<() => void>()
  // The tag in use, and the name of the catalogue it reads (fr-CA → fr).
  let current = 'en'
  let texts = 'en'
  // The locales whose own and `'*'` loaders have been queued once.
  const queued = new Set<string>()

  const notify = () => {
    for (const listener of listeners) listener()
  }
  const find = (locale: string, key: string, count: unknown) => {
    const messages = catalogues.get(locale) as Record<string, string> | undefined
    return (typeof count === 'number' && messages?.[`${key}.${new Intl.PluralRules(locale).select(count)}`]) || messages?.[key]
  }

  const i18n: I18n = {
    get locale() {
      return current
    },
    t(key, params) {
      const count = params?.count
      // The host's texts for the exact tag, then the locale's, then English.
      const text = find(current, key, count) ?? find(texts, key, count) ?? find('en', key, count) ?? key
      return params ? interpolate(text, params, current) : text
    },
    add(target, messages) {
      catalogues.set(target, { ...catalogues.get(target), ...messages })
      if (target === current || target === texts) notify()
    },
    addDefaults(target, messages) {
      const existing = catalogues.get(target) ?? {}
      if (Object.keys(messages).every((key) => key in existing)) return
      catalogues.set(target, { ...messages, ...existing })
    },
    addLoader(target, loader) {
      loaders.set(target, [...(loaders.get(target) ?? []), loader])
    },
    setLocale(target) {
      // Worked out and loaded by a lazy chunk (locales/index.ts): a page that never switches never downloads it.
      return import('./locales/index.js').then((module) =>
        module.switchLocale(target, catalogues, loaders, queued, warn, (tag, name) => {
          current = tag
          texts = name
          notify()
        }),
      )
    },
    setPreferredLocale(preferred) {
      return import('./locales/index.js').then((module) => {
        const chosen = module.firstShippedLocale(preferred) ?? 'en'
        return chosen === current ? undefined : i18n.setLocale(chosen)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return i18n
}

function interpolate(text: string, params: MessageParams, locale: string): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? params[name]!.toLocaleString(locale) : match))
}
