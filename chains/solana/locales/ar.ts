import type { Translations } from 'foyer'

/** Arabic for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const ar: Translations = {
  'solana.browse.opening': 'جارٍ فتح هذه الصفحة في {wallet}…',
}
