import type { ViewTexts } from './texts.js'

/**
 * The names plugin's English that the manifest needs: the action under the account and the view
 * titles. The rest (texts.ts) comes with the views, which add it when they load.
 */
export const en = {
  /** The action under the account that opens RegisterAccountName. */
  'names.action': 'Get a name',
  'names.title': 'Choose your name',
  'names.successTitle': 'Name registered',
} as const

/** Every key of the plugin, for the Messages type. */
export type NamesMessages = Record<keyof typeof en | keyof ViewTexts, string>
