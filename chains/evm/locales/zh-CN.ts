import type { Translations } from 'foyer'

/** Simplified Chinese for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const zhCN: Translations = {
  'evm.browserWallet': '浏览器钱包',
  'evm.unsupported.current': '你的钱包当前在链 {chainId} 上。',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': '用于连接钱包的二维码',
  'evm.wc.scan': '用手机上的钱包应用扫描',
  'evm.wc.scanWith': '用手机上的 {wallet} 扫描',
  'evm.wc.creating': '正在生成二维码…',
  'evm.wc.expired': '二维码已过期，正在生成新的…',
  'evm.wc.connecting': '正在连接 {wallet}…',
  'evm.wc.copy': '复制链接',
  'evm.wc.copied': '链接已复制',
  'evm.wc.copyFailed': '无法复制链接',
  'evm.wc.openApp': '打开 {wallet}',
  'evm.wc.openWeb': '打开 {wallet} 网页版',
}
