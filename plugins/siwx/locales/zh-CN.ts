import type { Translations } from 'foyer'

/** Simplified Chinese for the siwx plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'siwx.title': '登录',
  'siwx.explain': '{app} 请你签署一条消息，以证明此账户归你所有。签名不产生任何费用，也不会发送任何交易。',
  'siwx.sign': '登录',
  'siwx.skip': '暂不',
  'siwx.disconnect': '断开连接',
  'siwx.requiredNote': '此网站要求你登录才能保持连接。',
  'siwx.signing': '请在钱包中签署消息…',
  'siwx.rejected': '你拒绝了签名。',
  'siwx.refused': '登录被拒绝：{reason}',
  'siwx.failed': '登录失败：{reason}',
}
