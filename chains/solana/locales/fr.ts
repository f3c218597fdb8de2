import type { Translations } from 'foyer'

/** French for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'solana.browse.opening': 'Ouverture de cette page dans {wallet}…',
}
