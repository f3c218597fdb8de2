import type { Translations } from 'foyer'

/** Simplified Chinese for the receive plugin. Keys and notes for translators: ../locales.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'receive.title': '接收',
  'receive.action': '接收',
  'receive.qrLabel': '你的地址二维码',
  'receive.copy': '复制地址',
  'receive.copied': '地址已复制',
  'receive.copyFailed': '无法复制地址',
  'receive.networks': '此地址可在以下网络上接收资产',
  'receive.warning': '请仅向此地址发送这些网络上的资产。',
  'receive.notConnected': '连接钱包以查看你的地址。',
}
