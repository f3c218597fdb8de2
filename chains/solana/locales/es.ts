import type { Translations } from 'foyer'

/** Spanish for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'solana.browse.opening': 'Abriendo esta página en {wallet}…',
}
