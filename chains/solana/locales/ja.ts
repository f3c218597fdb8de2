import type { Translations } from 'foyer'

/** Japanese for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const ja: Translations = {
  'solana.browse.opening': 'このページを {wallet} で開いています…',
}
