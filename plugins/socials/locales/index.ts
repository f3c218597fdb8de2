import type { Translations } from '../../../kernel/index.js'

// The plugin's texts in every locale Foyer ships besides English, each its own chunk.
const translations: Record<string, () => Promise<Translations>> = {
  es: () => import('./es.js').then((module) => module.es),
  fr: () => import('./fr.js').then((module) => module.fr),
  ar: () => import('./ar.js').then((module) => module.ar),
}

/** The plugin's texts in `locale` (a name Foyer ships: 'es', 'pt-BR' …), `undefined` when it has none. The manifest's `'*'` loader. */
export async function loadTranslations(locale: string): Promise<Translations | undefined> {
  return translations[locale]?.()
}
