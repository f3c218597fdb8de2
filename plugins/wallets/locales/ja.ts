import type { Translations } from 'foyer'

/** Japanese for the wallets plugin. Keys and notes for translators: ../locales.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'wallets.title': 'マイウォレット',
  'wallets.add': 'ウォレットを追加',
  'wallets.active': '使用中',
  'wallets.switch': 'このウォレットを使う',
  'wallets.remove': '{name} を削除',
  'wallets.empty': '接続されているウォレットはまだありません。',
  'wallets.off': 'このプロジェクトでは、複数のウォレットの同時接続が有効になっていません。',
  'wallets.balance': '{amount} {symbol}',
}
