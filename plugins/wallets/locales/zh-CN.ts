import type { Translations } from 'foyer'

/** Simplified Chinese for the wallets plugin. Keys and notes for translators: ../locales.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'wallets.title': '我的钱包',
  'wallets.add': '添加钱包',
  'wallets.active': '当前使用',
  'wallets.switch': '使用此钱包',
  'wallets.remove': '移除 {name}',
  'wallets.empty': '尚未连接任何钱包。',
  'wallets.off': '此项目未启用同时连接多个钱包。',
  'wallets.balance': '{amount} {symbol}',
}
