import type { Translations } from 'foyer'

/** Japanese for the siwx plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'siwx.title': 'サインイン',
  'siwx.explain':
    '{app} が、このアカウントがあなたのものであることを証明するために、メッセージへの署名を求めています。署名に費用はかからず、トランザクションも送信されません。',
  'siwx.sign': 'サインイン',
  'siwx.skip': '後で',
  'siwx.disconnect': '切断',
  'siwx.requiredNote': '接続を続けるには、このサイトへのサインインが必要です。',
  'siwx.signing': 'ウォレットでメッセージに署名してください…',
  'siwx.rejected': '署名を拒否しました。',
  'siwx.refused': 'サインインが拒否されました：{reason}',
  'siwx.failed': 'サインインに失敗しました：{reason}',
}
