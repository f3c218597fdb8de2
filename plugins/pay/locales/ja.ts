import type { Translations } from 'foyer'

/** Japanese for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'pay.title': '支払い',
  'pay.summary': '{amount} {symbol} を支払う',
  'pay.recipient': '支払先',
  'pay.network': 'ネットワーク',
  'pay.fromWallet': 'ウォレットから支払う',
  'pay.connect': '支払うにはウォレットを接続してください',
  'pay.wrongNamespace': '支払うには {network} のウォレットを接続してください。',
  'pay.paying': 'ウォレットで支払いを確認してください',
  'pay.fromExchange': '取引所から支払う',
  'pay.exchangeOpen': '取引所のウィンドウで支払いを確認してください',
  'pay.error.exchangeClosed': '支払いが完了しないまま取引所のウィンドウが閉じられました',
  'pay.error.exchangeCancelled': '取引所で支払いがキャンセルされました',
  'pay.loading': 'トークンを読み込み中…',
  'pay.error.rejected': 'ウォレットで支払いを拒否しました',
  'pay.error.failed': '支払いに失敗しました',
  'pay.error.token': 'このトークンを読み取れませんでした。`metadata` を渡してください',
}
