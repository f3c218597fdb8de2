// The email plugin's constants, in a module of their own: the manifest and the lazy modules share them
// without a lazy module importing the manifest (which would split it into two files).

/** The id of the embedded wallet's connector. */
export const EMAIL_CONNECTOR_ID = 'email'

// What the embedded wallet keeps in the kernel's storage (rules §3, §4). Sign-out clears every one of them.

/** rules §4: an email login was used in this browser, so the frame is created at start to restore it. */
export const EMAIL_LOGIN_USED_KEY = 'email:loginUsed'
/** The signed-in address, shown while the frame restores the session. */
export const EMAIL_ADDRESS_KEY = 'email:address'
/** The chain the embedded wallet was last on. */
export const EMAIL_LAST_CHAIN_KEY = 'email:lastChain'
/** A social login's user name (written when a social login finishes). */
export const SOCIAL_USERNAME_KEY = 'email:socialUsername'
/** The provider of that social login. */
export const SOCIAL_PROVIDER_KEY = 'email:socialProvider'

/** A login just made the signed-in user's wallet: the backup prompt is offered once it connects (docs/wallets.md#backup). */
export const BACKUP_OFFER_KEY = 'email:backupOffer'
/**
 * The moments at which the visitor of this browser skipped the backup prompt, each through its warning: that prompt is
 * not pushed on them again (Account keeps saying "Not backed up"). Kept after sign-out.
 */
export const BACKUP_SKIPPED_KEY = 'email:backupSkipped'

/**
 * When the backup prompt shows (docs/wallets.md#backup): after the sign-up that made the wallet, before it first
 * receives funds (Receive or Buy shows its address, or Account sees a balance), before it first sends, or when the
 * visitor asks from Account.
 */
export type BackupMoment = 'signup' | 'funds' | 'transaction' | 'account'

/** rules §4: what sign-out clears. */
export const SIGN_OUT_KEYS = [
  EMAIL_ADDRESS_KEY,
  BACKUP_OFFER_KEY,
  EMAIL_LOGIN_USED_KEY,
  EMAIL_LAST_CHAIN_KEY,
  SOCIAL_USERNAME_KEY,
  SOCIAL_PROVIDER_KEY,
] as const
