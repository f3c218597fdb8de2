import { useSyncExternalStore } from 'react'
import type { Kernel } from '../../core/createKernel.js'
import { MOBILE_MAX_WIDTH } from '../../core/modal.js'

export { useThemeName } from './themeName.js'

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
