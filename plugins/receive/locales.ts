import type { ViewTexts } from './texts.js'

/**
 * The receive plugin's English that the manifest needs: the view's title and the entry under the account. The
 * rest (texts.ts) comes with the view.
 */
export const en = {
  'receive.title': 'Receive',
  /** The button under the account that opens this view. */
  'receive.action': 'Receive',
} as const

/** Every key of the plugin, for the Messages type. */
export type ReceiveMessages = Record<keyof typeof en | keyof ViewTexts, string>
