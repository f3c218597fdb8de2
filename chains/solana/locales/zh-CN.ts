import type { Translations } from 'foyer'

/** Simplified Chinese for the Solana chain. Keys and notes for translators: ../locales.ts. */
export const zhCN: Translations = {
  'solana.browse.opening': '正在 {wallet} 中打开此页面…',
}
