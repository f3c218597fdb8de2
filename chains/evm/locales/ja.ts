import type { Translations } from 'foyer'

/** Japanese for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const ja: Translations = {
  'evm.browserWallet': 'ブラウザウォレット',
  'evm.unsupported.current': 'ウォレットはチェーン {chainId} に接続しています。',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'ウォレットを接続するための QR コード',
  'evm.wc.scan': 'スマートフォンのウォレットアプリでスキャンしてください',
  'evm.wc.scanWith': 'スマートフォンの {wallet} でスキャンしてください',
  'evm.wc.creating': 'コードを準備しています…',
  'evm.wc.expired': 'コードの有効期限が切れました。新しいコードを作成しています…',
  'evm.wc.connecting': '{wallet} に接続しています…',
  'evm.wc.copy': 'リンクをコピー',
  'evm.wc.copied': 'リンクをコピーしました',
  'evm.wc.copyFailed': 'リンクをコピーできませんでした',
  'evm.wc.openApp': '{wallet} を開く',
  'evm.wc.openWeb': '{wallet} のウェブアプリを開く',
}
