import type { Translations } from 'foyer'

/** Simplified Chinese for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'pay.title': '支付',
  'pay.summary': '支付 {amount} {symbol}',
  'pay.recipient': '收款方',
  'pay.network': '网络',
  'pay.fromWallet': '从钱包支付',
  'pay.connect': '连接钱包以支付',
  'pay.wrongNamespace': '请连接 {network} 钱包以支付。',
  'pay.paying': '请在钱包中确认付款',
  'pay.fromExchange': '从交易所支付',
  'pay.exchangeOpen': '请在交易所窗口中确认付款',
  'pay.error.exchangeClosed': '交易所窗口已关闭，未完成付款',
  'pay.error.exchangeCancelled': '付款已在交易所取消',
  'pay.loading': '正在读取代币…',
  'pay.error.rejected': '你在钱包中拒绝了付款',
  'pay.error.failed': '付款失败',
  'pay.error.token': '无法读取此代币；请传入其 `metadata`',
}
