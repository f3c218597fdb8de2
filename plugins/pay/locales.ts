import type { ViewTexts } from './texts.js'

/** The pay plugin's English that the manifest needs: the view's title. The rest (texts.ts) comes with the view. */
export const en = {
  'pay.title': 'Pay',
} as const

/** Every key of the plugin, for the Messages type. */
export type PayMessages = Record<keyof typeof en | keyof ViewTexts, string>
