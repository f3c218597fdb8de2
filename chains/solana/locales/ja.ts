import type { Translations } from '../../../kernel/index.js'

/** Japanese for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const ja: Translations = {
  'solana.browse.opening': "このページを {wallet} で開いています…",
}
