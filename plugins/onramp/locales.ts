import type { ViewTexts } from './texts.js'

/**
 * The onramp plugin's English that the manifest needs: the views' titles and the action's label (the Account view
 * shows it). The rest (texts.ts) comes with the views.
 */
export const en = {
  'onramp.title': 'Buy crypto',
  /** The button under the account that opens the on-ramp. */
  'onramp.action': 'Buy',
  'onramp.progressTitle': 'Buy in progress',
} as const

/** Every key of the plugin, for the Messages type. */
export type OnrampMessages = Record<keyof typeof en | keyof ViewTexts, string>
