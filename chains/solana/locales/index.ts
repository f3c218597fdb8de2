import type { Translations } from 'foyer'

// The chain's texts in every locale Foyer ships besides English, each its own chunk.
const translations: Record<string, () => Promise<Translations>> = {
  es: () => import('./es.js').then((module) => module.es),
  fr: () => import('./fr.js').then((module) => module.fr),
  de: () => import('./de.js').then((module) => module.de),
  'pt-BR': () => import('./pt-BR.js').then((module) => module.ptBR),
  ja: () => import('./ja.js').then((module) => module.ja),
  'zh-CN': () => import('./zh-CN.js').then((module) => module.zhCN),
  ar: () => import('./ar.js').then((module) => module.ar),
}

/** The chain's texts in `locale` (a name Foyer ships: 'es', 'pt-BR' …), `undefined` when it has none. The manifest's `'*'` loader. */
export async function loadTranslations(locale: string): Promise<Translations | undefined> {
  return translations[locale]?.()
}
