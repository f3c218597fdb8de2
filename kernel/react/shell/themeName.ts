// Its own module: the connect button, on the first paint, uses it without the modal's other media queries.
import { useSyncExternalStore } from 'react'
import { systemThemeName, watchSystemTheme, type ThemeMode, type ThemeName } from '../../core/theme.js'

/** The theme to show: the mode itself, or for 'system' the visitor's preference, followed live. */
export function useThemeName(mode: ThemeMode): ThemeName {
  const system = useSyncExternalStore(watchSystemTheme, systemThemeName, () => 'light' as const)
  return mode === 'system' ? system : mode
}
