import type { Translations } from 'foyer'

/** Japanese for the socials plugin. Keys and notes for translators: ../locales.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'socials.title': 'ソーシャルログイン',
  'socials.continueWith': '{provider} で続ける',
  'socials.connectingTitle': '{provider} でログイン',
  'socials.opening': '{provider} を開いています…',
  'socials.waiting': '{provider} のウィンドウで続けてください。ログインが完了すると自動的に閉じます。',
  'socials.connecting': 'ウォレットを開いています…',
  'socials.tryAgain': '再試行',
  'socials.farcasterTitle': 'Farcaster でログイン',
  'socials.farcasterScan': 'スマートフォンのカメラまたは Farcaster アプリでこのコードをスキャンしてください。',
  'socials.farcasterOpen': 'Farcaster で開く',
  'socials.farcasterQr': 'Farcaster ログイン用の QR コード',
  'socials.signedIn': '{provider} でログイン中',
  'socials.signedInAs': '{name} · {provider}',
}
