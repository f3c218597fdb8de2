import type { Translations } from '../../../kernel/index.js'

/** French for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'solana.browse.opening': "Ouverture de cette page dans {wallet}…",
}
