import type { Translations } from 'foyer'

/** Simplified Chinese for the activity plugin. Keys and notes for translators: ../locales.ts. Chinese has one plural form (the bare key). */
export const zhCN: Translations = {
  'activity.tab': '活动',
  'activity.label': '你的活动',
  'activity.loading': '加载中…',
  'activity.empty': '此网络上暂无活动。',
  'activity.fetchFailed': '无法获取交易',
  'activity.loadMore': '加载更多',
  'activity.send': '已发送',
  'activity.receive': '已接收',
  'activity.mint': '已铸造',
  'activity.trade': '已兑换',
  'activity.buy': '已购买',
  'activity.execute': '合约调用',
  'activity.failed': '失败',
  'activity.pending': '处理中',
  'activity.moreTransfers': '另有 {n} 项',
}
