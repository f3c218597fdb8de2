import type { ViewTexts } from './texts.js'

/**
 * The email plugin's English that the manifest needs: the connect method's label and the view titles.
 * The rest (texts.ts) comes with the views, which add it when they load.
 */
export const en = {
  /** The connect method on Connect. */
  'email.continue': 'Continue with email',
  'email.title': 'Sign in with email',
  'email.updateTitle': 'Change email',
  /** The account-type row on Account (smart account or standard). */
  'email.accountType': 'Account type',
  'approve.title': 'Approve request',
  /** The passkey login on Connect (docs/wallets.md#passkeys). */
  'passkey.continue': 'Continue with passkey',
  'passkey.title': 'Sign in with a passkey',
  /** The Account row and the view that lists the wallet's passkeys. */
  'passkey.listTitle': 'Passkeys',
  /** The Account row and the view of key export (shown in the secure frame). */
  'export.title': 'Export keys',
  /** The prompt after sign-up and before the wallet holds value: add a passkey or save the recovery phrase. */
  'backup.title': 'Back up your wallet',
  /** The Account row of a wallet with no backup its visitor made (docs/wallets.md#backup). */
  'backup.notBackedUp': 'Not backed up',
  /** The Account row and the view that lists what sites may do without asking (ERC-7715 permissions). */
  'permissions.title': 'Permissions',
} as const

/** Every key of the plugin, for the Messages type. */
export type EmailMessages = Record<keyof typeof en | keyof ViewTexts, string>
