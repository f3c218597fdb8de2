/** English for the sign-in view; `{app}` is the host's name (metadata.name, else its host), filled in at run time. */
export const viewTexts = {
  'siwx.explain': '{app} asks you to sign a message to prove this account is yours. Signing costs nothing and sends no transaction.',
  'siwx.sign': 'Sign in',
  /** Optional mode: the visitor goes on without signing in. */
  'siwx.skip': 'Not now',
  /** Required mode: declining disconnects. */
  'siwx.disconnect': 'Disconnect',
  'siwx.requiredNote': 'This site needs you to sign in to stay connected.',
  'siwx.signing': 'Sign the message in your wallet…',
  'siwx.rejected': 'You declined the signature.',
  'siwx.refused': 'The sign-in was refused: {reason}',
  'siwx.failed': 'Signing in failed: {reason}',
} as const

export type ViewTexts = typeof viewTexts
