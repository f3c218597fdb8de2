import type { ViewTexts } from './texts.js'

/**
 * The send plugin's English that the manifest needs: the view's title and the entry under the account. The rest
 * (texts.ts) comes with the view.
 */
export const en = {
  'send.title': 'Send',
  /** The button under the account that opens this view. */
  'send.action': 'Send',
} as const

/** Every key of the plugin, for the Messages type. */
export type SendMessages = Record<keyof typeof en | keyof ViewTexts, string>
