import { useLayoutEffect, type RefObject } from 'react'
import type { Kernel } from 'foyer'
import { embeddedWalletOf } from './embeddedWallet.js'

/**
 * Keeps the secure frame over `slot` while the view shows, and hides it after: the frame is outside the modal's shadow
 * root, and its own panel (an approval, a passkey button) is what the visitor acts on.
 */
export function useFramePanel(kernel: Kernel, slot: RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    const frame = embeddedWalletOf(kernel).frame
    const element = slot.current
    if (!element) return
    const place = () => frame.showAt(element.getBoundingClientRect())
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
      frame.hide()
    }
  }, [kernel, slot])
}
