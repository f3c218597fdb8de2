import type { Translations } from 'foyer'

/** Brazilian Portuguese for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'solana.browse.opening': 'Abrindo esta página em {wallet}…',
}
