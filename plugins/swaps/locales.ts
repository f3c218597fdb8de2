import type { ViewTexts } from './texts.js'

/**
 * The swaps plugin's English that the manifest needs: the view's title and the action's label (the Account view shows
 * them). The rest (texts.ts) comes with the view.
 */
export const en = {
  'swap.title': 'Swap',
  /** The button under the account that opens this view. */
  'swap.action': 'Swap',
} as const

/** Every key of the plugin, for the Messages type. */
export type SwapMessages = Record<keyof typeof en | keyof ViewTexts, string>
