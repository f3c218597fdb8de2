import type { Translations } from 'foyer'

/** Japanese for the activity plugin. Keys and notes for translators: ../locales.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'activity.tab': 'アクティビティ',
  'activity.label': 'あなたのアクティビティ',
  'activity.loading': '読み込み中…',
  'activity.empty': 'このネットワークにはまだアクティビティがありません。',
  'activity.fetchFailed': 'トランザクションを取得できませんでした',
  'activity.loadMore': 'さらに読み込む',
  'activity.send': '送信',
  'activity.receive': '受信',
  'activity.mint': 'ミント',
  'activity.trade': 'スワップ',
  'activity.buy': '購入',
  'activity.execute': 'コントラクト呼び出し',
  'activity.failed': '失敗',
  'activity.pending': '処理中',
  'activity.moreTransfers': 'ほか {n} 件',
}
