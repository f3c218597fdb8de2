import type { Translations } from 'foyer'

/** Simplified Chinese for the socials plugin. Keys and notes for translators: ../locales.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'socials.title': '社交账号登录',
  'socials.continueWith': '使用 {provider} 继续',
  'socials.connectingTitle': '使用 {provider} 登录',
  'socials.opening': '正在打开 {provider}…',
  'socials.waiting': '请在 {provider} 窗口中继续。登录完成后，窗口会自动关闭。',
  'socials.connecting': '正在打开你的钱包…',
  'socials.tryAgain': '重试',
  'socials.farcasterTitle': '使用 Farcaster 登录',
  'socials.farcasterScan': '请用手机相机或 Farcaster 应用扫描此二维码。',
  'socials.farcasterOpen': '在 Farcaster 中打开',
  'socials.farcasterQr': 'Farcaster 登录二维码',
  'socials.signedIn': '已通过 {provider} 登录',
  'socials.signedInAs': '{name} · {provider}',
}
