import type { Kernel } from './createKernel.js'

/** Light, dark, or whatever the visitor's system prefers. @default 'system' */
export type ThemeMode = 'light' | 'dark' | 'system'

export interface ThemeState {
  mode: ThemeMode
}

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The visitor's system preference: dark when the system asks for it, else light (and on a server). */
export function systemThemeName(): ThemeName {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

/** Calls `listener` whenever the visitor's system switches between light and dark; returns the unsubscribe. */
export function watchSystemTheme(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(DARK_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** Changes the theme while the page runs, for a host's own light/dark switch. */
export function setThemeMode(kernel: Kernel, mode: ThemeMode): void {
  kernel.store.update('theme', (theme) => (theme.mode === mode ? theme : { mode }))
}

/** The design tokens of the modal; each becomes a `--foyer-*` CSS variable inside its shadow root (style 13). */
export interface ThemeTokens {
  /** Buttons, links, focus ring. */
  accent: string
  /** Text on the accent colour. */
  accentForeground: string
  /** The dialog's background. */
  background: string
  /** Rows, inputs and cards on the background. */
  surface: string
  /** Hovered rows. */
  surfaceHover: string
  foreground: string
  /** Secondary text; keeps 4.5:1 contrast on the background. */
  mutedForeground: string
  border: string
  danger: string
  success: string
  /** The page behind the dialog. */
  overlay: string
  /** Corner radius of the dialog; rows and buttons derive theirs. */
  radius: string
  font: string
  /** Stacking level of the overlay. */
  zIndex: string
}

export type ThemeName = 'light' | 'dark'

const shared = {
  accent: '#3856d8',
  accentForeground: '#ffffff',
  danger: '#c42b3b',
  success: '#1b7f4b',
  radius: '20px',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  zIndex: '2147483000',
} satisfies Partial<ThemeTokens>

export const THEMES: Record<ThemeName, ThemeTokens> = {
  light: {
    ...shared,
    background: '#ffffff',
    surface: '#f2f3f6',
    surfaceHover: '#e6e8ee',
    foreground: '#15171c',
    mutedForeground: '#596070',
    border: '#dcdfe6',
    overlay: 'rgba(12, 14, 20, 0.45)',
  },
  dark: {
    ...shared,
    accent: '#7f96ff',
    accentForeground: '#0d1020',
    danger: '#ff7d89',
    success: '#5fd49a',
    background: '#17191f',
    surface: '#22252d',
    surfaceHover: '#2d313b',
    foreground: '#f1f2f5',
    mutedForeground: '#a8aebb',
    border: '#343845',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
}

/** The host's changes to the tokens: applied over both themes, or per theme. */
export type ThemeVariables = Partial<ThemeTokens> & { light?: Partial<ThemeTokens>; dark?: Partial<ThemeTokens> }

/** The tokens of a theme with the host's changes applied. */
export function resolveTheme(name: ThemeName, variables: ThemeVariables = {}): ThemeTokens {
  const { light, dark, ...both } = variables
  return { ...THEMES[name], ...both, ...(name === 'light' ? light : dark) }
}

/** `accentForeground` → `--foyer-accent-foreground`. */
export function cssVariableName(token: keyof ThemeTokens): `--foyer-${string}` {
  return `--foyer-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/** The tokens as CSS declarations, for a `:host` or scoped rule. */
export function themeToCss(tokens: ThemeTokens): string {
  return (Object.keys(tokens) as Array<keyof ThemeTokens>)
    .map((token) => `${cssVariableName(token)}:${sanitizeCssValue(tokens[token])};`)
    .join('')
}

// Host-supplied values end up inside a <style>: a value must not close the rule or open another.
function sanitizeCssValue(value: string): string {
  return String(value).replace(/[{}<>;]/g, '')
}
