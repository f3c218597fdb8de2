import type { ViewTexts } from './texts.js'

/** The siwx plugin's English that the manifest needs: the view's title. The rest (texts.ts) comes with the view. */
export const en = {
  'siwx.title': 'Sign in',
} as const

/** Every key of the plugin, for the Messages type. */
export type SiwxMessages = Record<keyof typeof en | keyof ViewTexts, string>
