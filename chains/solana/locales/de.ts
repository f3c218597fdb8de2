import type { Translations } from 'foyer'

/** German for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'solana.browse.opening': 'Diese Seite wird in {wallet} geöffnet…',
}
