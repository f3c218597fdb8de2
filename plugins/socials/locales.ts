/**
 * The socials plugin's English. `{provider}` is the provider's name (Google, X …), `{name}` the user's name there.
 */
export const en = {
  /** The connect method's group on Connect. */
  'socials.title': 'Social login',
  /** The first provider's row; the others are icon buttons named the same way. */
  'socials.continueWith': 'Continue with {provider}',
  'socials.connectingTitle': 'Sign in with {provider}',
  'socials.opening': 'Opening {provider}…',
  'socials.waiting': 'Continue in the {provider} window. It closes by itself when you are signed in.',
  'socials.connecting': 'Opening your wallet…',
  'socials.tryAgain': 'Try again',
  /** Account, under the address: how the embedded wallet was signed in. */
  'socials.signedIn': 'Signed in with {provider}',
  'socials.signedInAs': '{name} · {provider}',
} as const

export type SocialsMessages = Record<keyof typeof en, string>
