import type { Translations } from 'foyer'

/** Japanese for the receive plugin. Keys and notes for translators: ../locales.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'receive.title': '受け取る',
  'receive.action': '受け取る',
  'receive.qrLabel': 'あなたのアドレスの QR コード',
  'receive.copy': 'アドレスをコピー',
  'receive.copied': 'アドレスをコピーしました',
  'receive.copyFailed': 'アドレスをコピーできませんでした',
  'receive.networks': 'このアドレスは次のネットワークで受け取れます',
  'receive.warning': 'このアドレスには、これらのネットワークの資産のみを送ってください。',
  'receive.notConnected': 'アドレスを表示するにはウォレットを接続してください。',
}
