// The socials plugin's constants, in a module of their own: the manifest and the lazy modules share them without a
// lazy module importing the manifest (which would split it into two files).

/** rules §1, §9: every social login a host may list, in rules §9's default order, then telegram (rules §1: by `result_uri`). */
export const SOCIAL_NAMES = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook', 'telegram'] as const
export type SocialName = (typeof SOCIAL_NAMES)[number]

/** rules §5: the providers that sign in through a popup (farcaster and telegram have flows of their own). */
export const POPUP_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof POPUP_PROVIDERS)[number]

/** The logins that leave the page and come back to it with `result_uri` (rules §1, §2). */
export const REDIRECT_PROVIDERS = ['telegram'] as const
/** Every login this version can start: popup, redirect, or Farcaster's QR code. */
export const STARTABLE_PROVIDERS = [...POPUP_PROVIDERS, ...REDIRECT_PROVIDERS, 'farcaster'] as const
export type StartableProvider = (typeof STARTABLE_PROVIDERS)[number]

/** rules §2: the query parameter a redirect login comes back with. */
export const RESULT_URI_PARAM = 'result_uri'

/** rules §9: the popup's size. */
export const POPUP_WIDTH = 600
export const POPUP_HEIGHT = 800
/** rules §4: how often the popup is checked for closure. */
export const POPUP_POLL_MS = 1_000

/** The embedded wallet's connector (the email plugin's), which a social login connects. */
export const AUTH_CONNECTOR_ID = 'email'

/** What the wallet's callback page posts to the opener. */
export const RESULT_MESSAGE_TYPE = 'FOYER_SOCIAL_RESULT'
/** Where the wallet service's callback page lives; a result URI must be on it. */
export const CALLBACK_PATH = '/social/callback'

/** Shown on the provider's row; names only, no brand artwork. */
export const PROVIDER_LABELS: Record<SocialName, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
  telegram: 'Telegram',
}
