import { visibleMessage, type Kernel } from 'foyer'

/**
 * English for the email plugin's views; `{n}` and `{email}` are filled in at run time. It loads with
 * the views (the manifest carries only its label and titles: locales.ts): each view's and slot entry's module
 * re-exports it as `texts`, which the kernel adds as it loads, without undoing the host's `messages` or a
 * translation; the embedded wallet, which words errors outside the views, adds it through `addEmailTexts`.
 */
export const viewTexts = {
  'email.field': 'Email address',
  'email.sending': 'Sending a code…',
  'email.codeSent': 'We sent a 6-digit code to {email}.',
  'email.codeField': 'Code',
  'email.verify': 'Verify',
  'email.verifying': 'Checking the code…',
  'email.resend': 'Send a new code',
  'email.device': 'This browser is new to your wallet. Open the link we sent to {email} to approve it.',
  'email.deviceWaiting': 'Waiting for you to approve this browser…',
  'email.connecting': 'Opening your wallet…',
  /** rules §5: the email field holds no valid address. */
  'email.invalid': 'Enter a valid email address',
  /** rules §5: the one-time code is 6 digits. */
  'email.invalidCode': 'Enter the 6-digit code',
  'email.failed': 'An error occurred',
  /** The address's budget of wrong codes is spent (docs/wallets.md); `{n}`: minutes until it may try again. */
  'email.tooManyWrongCodes': 'Too many wrong codes for this address. Please try again in {n} min.',
  'email.tryAgain': 'Try again',
  'email.change': 'Change',
  'email.updateIntro': 'Your wallet signs in with {email}. Which address should it use instead?',
  'email.newField': 'New email address',
  /** rules §5: the new address is the one the wallet has. */
  'email.sameAddress': 'This is already your wallet’s email',
  'email.updatePrimary': 'To confirm the change, enter the code we sent to {email}.',
  'email.updateSecondary': 'Now enter the code we sent to {email}.',
  'email.updated': 'Your wallet now signs in with {email}',
  /** rules §6: the EVM account is a smart contract account (ERC-4337). */
  'accountType.smartAccount': 'Smart account',
  /** rules §6: the EVM account is a plain key pair (an externally owned account). */
  'accountType.eoa': 'Standard account',
  'accountType.toEoa': 'Use standard account',
  'accountType.toSmartAccount': 'Use smart account',
  'accountType.switching': 'Switching…',
  /** Account: an EIP-7702 account's button that returns it to a plain key pair (docs/wallets.md#turning-the-smart-account-off). */
  'accountType.turnOff': 'Turn off smart account',
  /** After it: what stops, and what brings it back. */
  'accountType.turnedOff':
    'Smart account turned off. Permissions you granted no longer work; your next batch or sponsored send upgrades it again.',
  'approve.hint': 'Approve or reject in the secure panel below; this site cannot approve for you.',
  /** rules §6: a method the embedded wallet does not offer. */
  'approve.notAllowed': 'Action not allowed',
  /** Above the secure frame's passkey button (docs/wallets.md#passkeys). */
  'passkey.hint': 'Use the secure button below: your passkey stays with the wallet, this site never sees it.',
  'passkey.addTitle': 'Add a passkey',
  'passkey.addHint': 'Use the secure button below to add a passkey to your wallet.',
  'passkey.added': 'Passkey added',
  'passkey.listIntro': 'Passkeys sign you in to this wallet without a code. Remove one you no longer use.',
  'passkey.none': 'No passkey yet.',
  /** `{date}`: the day the passkey was added. */
  'passkey.addedOn': 'Added {date}',
  'passkey.lastUsed': 'Last used {date}',
  'passkey.neverUsed': 'Never used',
  /** A passkey kept in a password manager or platform account, on every device of the user. */
  'passkey.synced': 'Synced',
  'passkey.remove': 'Remove',
  'passkey.add': 'Add a passkey',
  /** Above the secure frame's export panel (services/wallet/KEYS.md, Export). */
  'export.warning':
    'Anyone who sees your keys can take everything in this wallet. They show only in the secure panel below, never on this site: never share them.',
  /** After a sign-up (docs/wallets.md#backup). */
  'backup.intro':
    'Your wallet is ready. Give it a way back in before it holds anything: with a passkey or its recovery phrase, it opens on any browser. This site never sees either.',
  /** Before Receive or Buy shows the address, or once Account sees a balance. */
  'backup.introFunds':
    'Back up your wallet before it receives anything: without a passkey or its recovery phrase, what it holds lives only in this browser.',
  /** Before the wallet's first transaction. */
  'backup.introTransaction':
    'Back up your wallet before it sends anything: without a passkey or its recovery phrase, what it holds lives only in this browser.',
  /** From Account's "Not backed up". */
  'backup.introAccount':
    'This wallet lives only in this browser. Add a passkey or save its recovery phrase, and it opens on any browser. This site never sees either.',
  'backup.phrase': 'Save recovery phrase',
  'backup.skip': 'Skip',
  /** The warning a skip goes through: what is lost. */
  'backup.warning':
    'Without a backup, this wallet lives only in this browser. If you clear its data, lose this device, or the browser deletes this site’s storage, the wallet and everything in it are lost for good. Nobody can bring it back: not this site, not the wallet’s operator.',
  'backup.backUpNow': 'Back up now',
  'backup.skipAnyway': 'Skip anyway',
  /** The Account row's tag: what pressing it does. */
  'backup.backUp': 'Back up',
  'backup.back': 'Back',
  /** Permissions (docs/permissions.md): on chain, a revoked permission can no longer be used by the site. */
  'permissions.intro': 'What sites may do from your account without asking you each time. A revoked permission stops working on chain.',
  'permissions.none': 'No site has a permission.',
  'permissions.revoke': 'Revoke',
  /** A permission's state, beside it. */
  'permissions.revoked': 'Revoked',
  'permissions.expired': 'Expired',
} as const

export type ViewTexts = typeof viewTexts

/**
 * What a refused login or code says: the wrong-code cool-down says when to try again, in the visitor's language;
 * anything else, the message Foyer gives (else 'An error occurred').
 */
export function loginErrorText(kernel: Kernel, error: unknown): string {
  const { frameCode, retryAfter } = (error ?? {}) as { frameCode?: unknown; retryAfter?: unknown }
  if (frameCode === 'TOO_MANY_WRONG_CODES' && typeof retryAfter === 'number') {
    return kernel.i18n.t('email.tooManyWrongCodes', { n: Math.max(1, Math.ceil(retryAfter / 60)) })
  }
  return visibleMessage(error, kernel.i18n.t('email.failed'))
}

/** Adds the views' English where the kernel has none yet; call it before the texts are shown. */
export function addEmailTexts(kernel: Kernel): void {
  kernel.i18n.addDefaults('en', viewTexts)
}
