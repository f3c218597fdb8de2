import type { LocaleLoader, LocaleMessages } from '../i18n.js'

/**
 * The locales Foyer ships besides English, each its own lazy chunk. This module is itself lazy: only a page that
 * asks for another locale than `'en'` loads it.
 */
export const kernelLocales: Record<string, () => Promise<LocaleMessages>> = {
  es: () => import('./es.js').then((module) => module.es),
  fr: () => import('./fr.js').then((module) => module.fr),
  de: () => import('./de.js').then((module) => module.de),
  'pt-BR': () => import('./pt-BR.js').then((module) => module.ptBR),
  ja: () => import('./ja.js').then((module) => module.ja),
  'zh-CN': () => import('./zh-CN.js').then((module) => module.zhCN),
  ar: () => import('./ar.js').then((module) => module.ar),
}

/**
 * `I18n.setLocale`, with the instance's own state as arguments (positional: the call sits in the first-paint chunk):
 * resolves the tag, loads what is queued for its texts, and `apply`s the switch once they are in. A failed chunk
 * keeps the current locale and is fetched again on the next try.
 */
export async function switchLocale(
  target: string,
  catalogues: Map<string, LocaleMessages>,
  loaders: Map<string, LocaleLoader[]>,
  queued: Set<string>,
  warn: (message: string) => void,
  apply: (tag: string, name: string) => void,
): Promise<void> {
  const [tag, name] = resolveLocale(target, catalogues, loaders, queued, warn)
  const pending = loaders.get(name) ?? []
  loaders.delete(name)
  let loaded: (LocaleMessages | undefined)[]
  try {
    loaded = await Promise.all(pending.map((load) => load(name)))
  } catch (error) {
    loaders.set(name, [...pending, ...(loaders.get(name) ?? [])])
    throw error
  }
  // Under what is there: the host's `messages` for this locale win over the shipped texts.
  for (const messages of loaded) if (messages) catalogues.set(name, { ...messages, ...catalogues.get(name) })
  apply(tag, name)
}

/**
 * Which texts `tag` reads: `[tag, name]` with `name` the closest locale that has texts (`fr-CA` → `fr`), or
 * `['en', 'en']` with a warning when there is none. The first time a name is chosen, Foyer's own loader and every
 * `'*'` loader are queued for it.
 */
export function resolveLocale(
  tag: string,
  catalogues: Map<string, LocaleMessages>,
  loaders: Map<string, LocaleLoader[]>,
  queued: Set<string>,
  warn: (message: string) => void,
): [tag: string, name: string] {
  const shipped = ['en', ...Object.keys(kernelLocales)]
  // A host's `messages` for its exact tag (`fr-CA`) must not hide the shipped `fr`: catalogues only when nothing ships.
  const name = matchLocale(tag, [...shipped, ...loaders.keys()]) ?? matchLocale(tag, [...catalogues.keys()])
  if (!name || !shipped.includes(name)) {
    const showing = name ? 'its own texts show in English' : 'showing English'
    warn(
      `Foyer has no texts for locale '${tag}'; ${showing}. It ships ${shipped.join(', ')}; a plugin's \`locales\` or \`messages\` add others.`,
    )
  }
  if (!name) return ['en', 'en']
  if (!queued.has(name)) {
    queued.add(name)
    const queue = [kernelLocales[name], ...(loaders.get('*') ?? [])].filter((load) => load !== undefined)
    loaders.set(name, [...(loaders.get(name) ?? []), ...queue])
  }
  return [tag, name]
}

/**
 * The first tag of `preferred` that reads texts Foyer ships (`['sw', 'de-AT', 'fr']` → `'de-AT'`), kept whole for
 * `Intl`; `undefined` when none does. English counts: `['en-GB', 'de']` → `'en-GB'`.
 */
export function firstShippedLocale(preferred: readonly string[]): string | undefined {
  const shipped = ['en', ...Object.keys(kernelLocales)]
  return preferred.find((tag) => matchLocale(tag, shipped) !== undefined)
}

/**
 * The name in `available` closest to `tag`: the same tag (any case), else the same language in the same script,
 * preferring the same region (`fr-CA` → `fr`, `pt` → `pt-BR`; `zh-TW`, written in Traditional characters, never
 * reads `zh-CN`). `undefined` when none is close, or `tag` is not a well-formed BCP 47 tag.
 */
export function matchLocale(tag: string, available: readonly string[]): string | undefined {
  const wanted = parseTag(tag)
  if (!wanted) return undefined
  const exact = available.find((name) => name.toLowerCase() === tag.toLowerCase())
  if (exact) return exact
  const close = available.filter((name) => {
    const candidate = parseTag(name)
    return candidate?.language === wanted.language && candidate.script === wanted.script
  })
  return close.find((name) => parseTag(name)!.region === wanted.region) ?? close[0]
}

function parseTag(tag: string): Intl.Locale | undefined {
  try {
    // Maximized, so that `zh` and `zh-CN` both say Hans, and `zh-TW` says Hant.
    return new Intl.Locale(tag).maximize()
  } catch {
    // '*' (the key of loaders for every locale) and malformed tags.
    return undefined
  }
}
