// Its own module: the connect button, on the first paint, uses it without the modal's other media queries.
import { useSyncExternalStore } from 'react'
import type { ThemeMode, ThemeName } from '../../core/theme.js'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function subscribeToScheme(listener: () => void) {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(DARK_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

const systemTheme = (): ThemeName => (typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light')

/** The theme to show: the mode itself, or for 'system' the visitor's preference, followed live. */
export function useThemeName(mode: ThemeMode): ThemeName {
  const system = useSyncExternalStore(subscribeToScheme, systemTheme, () => 'light' as const)
  return mode === 'system' ? system : mode
}
