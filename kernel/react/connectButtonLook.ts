// The account button's look, with no React in it: `ConnectButton` draws it with React, and the custom elements of
// "foyer/elements" draw the same with the DOM before React is loaded (docs/elements.md). A number is a
// length in pixels, as React reads it (the elements add the unit).
import type { ThemeTokens } from '../core/theme.js'

/** The inline style of a CSS box: property names as `element.style` and React spell them; a number is in pixels. */
export type InlineStyle = Readonly<Record<string, string | number>>

/** The themed button: 'Connect' on the accent colour, or the connected face on the surface colour. */
export function buttonStyle(tokens: ThemeTokens, connected: boolean): InlineStyle {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    minHeight: 44,
    padding: connected ? '0 14px 0 10px' : '0 18px',
    borderRadius: `calc(${tokens.radius} / 1.6)`,
    border: `1px solid ${connected ? tokens.border : tokens.accent}`,
    background: connected ? tokens.surface : tokens.accent,
    color: connected ? tokens.foreground : tokens.accentForeground,
    font: `600 15px/1.2 ${tokens.font}`,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  }
}
