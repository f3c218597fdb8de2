import type { Translations } from 'foyer'

/** Simplified Chinese for the names plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'names.action': '获取名称',
  'names.title': '选择你的名称',
  'names.successTitle': '名称已注册',
  'names.field': '名称',
  'names.hint': '你的名称以 .{zone} 结尾。可使用字母、数字和连字符，至少 4 个字符。',
  'names.error.characters': '只能使用字母、数字和连字符',
  'names.error.short': '名称至少需要 4 个字符',
  'names.error.long': '名称最多 63 个字符',
  'names.checking': '正在检查 {name}…',
  'names.available': '{name} 可用',
  'names.taken': '{name} 已被占用',
  'names.suggestions': '可用名称',
  'names.register': '注册',
  'names.signing': '请在钱包中签署消息以注册 {name}。',
  'names.registering': '正在注册 {name}…',
  'names.cancelled': '你取消了签名：{name} 未注册。',
  'names.unsupported': '名称仅适用于 EVM 账户。请切换到 EVM 账户以获取名称。',
  'names.notConnected': '连接钱包以获取名称。',
  'names.success': '现在，凡是显示你地址的地方都会显示此名称。',
  'names.done': '返回账户',
  'names.error.resolve': '解析名称时出错',
  'names.error.suggestions': '获取名称建议时出错',
  'names.error.reverse': '获取地址对应的名称时出错',
  'names.error.register': '注册名称 {name} 时出错',
}
