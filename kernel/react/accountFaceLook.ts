// The connected face of the account button, with no React in it: `AccountContents` draws it with React, the custom
// elements of "foyer/elements" with the DOM. Like the face itself, it loads after the first paint.
import type { ThemeTokens } from '../core/theme.js'
import type { InlineStyle } from './connectButtonLook.js'

/** The connected face's pictures: the network's mark and the account's avatar, round. */
export const FACE_MARK_SIZE = 20
export const FACE_AVATAR_SIZE = 24
export const faceRound: InlineStyle = { display: 'inline-block', borderRadius: '50%', flex: 'none' }

/** The connected face's balance, in the theme's secondary text colour. */
export function faceBalanceStyle(tokens: ThemeTokens): InlineStyle {
  return { color: tokens.mutedForeground }
}
