import type { ViewTexts } from './texts.js'

/**
 * The activity plugin's English that the manifest needs: the label of its Account tab, and the toast its loader
 * shows. The rest (texts.ts) comes with the tab.
 */
export const en = {
  /** Tab of the Account view listing the account's transactions. */
  'activity.tab': 'Activity',
  /** rules §8 error toast, word for word: the tab's loader shows it, outside the tab's module. */
  'activity.fetchFailed': 'Failed to fetch transactions',
} as const

/** Every key of the plugin, for the Messages type. */
export type ActivityMessages = Record<keyof typeof en | keyof ViewTexts, string>
