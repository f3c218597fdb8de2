import { useSyncExternalStore } from 'react'
import type { Kernel } from '../../core/createKernel.js'
import { MOBILE_MAX_WIDTH } from '../../core/modal.js'
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

const NARROW_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`

function subscribeToWidth(listener: () => void) {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(NARROW_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** Whether the modal shows as a bottom sheet: the kernel's mobile check, re-read when the width crosses 560 px. */
export function useIsMobile(kernel: Kernel): boolean {
  const isMobile = () => kernel.environment.isMobile()
  return useSyncExternalStore(subscribeToWidth, isMobile, () => false)
}
