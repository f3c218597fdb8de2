import type { Translations } from 'foyer'

/** Japanese for the names plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Japanese has one plural form (the bare key). */
export const ja: Translations = {
  'names.action': '名前を取得',
  'names.title': '名前を選択',
  'names.successTitle': '名前を登録しました',
  'names.field': '名前',
  'names.hint': '名前の末尾は .{zone} になります。英字、数字、ハイフンで 4 文字以上。',
  'names.error.characters': '英字、数字、ハイフンのみ使用できます',
  'names.error.short': '名前は 4 文字以上にしてください',
  'names.error.long': '名前は 63 文字以内にしてください',
  'names.checking': '{name} を確認中…',
  'names.available': '{name} は利用できます',
  'names.taken': '{name} はすでに使われています',
  'names.suggestions': '利用できる名前',
  'names.register': '登録',
  'names.signing': '{name} を登録するには、ウォレットでメッセージに署名してください。',
  'names.registering': '{name} を登録中…',
  'names.cancelled': '署名がキャンセルされました。{name} は登録されていません。',
  'names.unsupported': '名前は EVM アカウント用です。名前を取得するには EVM アカウントに切り替えてください。',
  'names.notConnected': '名前を取得するにはウォレットを接続してください。',
  'names.success': '今後は、アドレスが表示されるすべての場所にこの名前が表示されます。',
  'names.done': 'アカウントに戻る',
  'names.error.resolve': '名前の解決中にエラーが発生しました',
  'names.error.suggestions': '名前の候補の取得中にエラーが発生しました',
  'names.error.reverse': 'アドレスの名前の取得中にエラーが発生しました',
  'names.error.register': '名前 {name} の登録中にエラーが発生しました',
}
