import type { StartableProvider as SocialProvider } from './constants.js'

/** A social login under way, as ConnectingSocial shows it (rules §4). */
export type SocialLoginStep =
  /** Asking the wallet for the provider's authorization URL; the popup is open and blank. */
  | { step: 'opening'; provider: SocialProvider }
  /** The popup shows the provider: the visitor signs in there. */
  | { step: 'waiting'; provider: SocialProvider }
  /** The provider sent the visitor back: the wallet exchanges the result and connects. */
  | { step: 'connecting'; provider: SocialProvider }
  /** rules §8's wording: 'Popup closed', 'Failed to initiate social connection', 'Failed to connect' … */
  | { step: 'failed'; provider: SocialProvider; error: string }

/** The socials plugin's slice of the store: rules §3's `socialProvider` and user name, and the login under way. */
export interface SocialsState {
  /** The provider the embedded wallet was signed in with, while it is connected. */
  socialProvider?: string
  /** The name that provider gave. */
  userName?: string
  /** rules §3: the Farcaster sign-in link (QR code) while a Farcaster login waits for the app. */
  farcasterUrl?: string
  login?: SocialLoginStep
}
