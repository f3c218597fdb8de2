import { useLayoutEffect, useRef } from 'react'
import { useKernel, useTranslate, type ViewProps } from 'foyer/react'
import { embeddedWalletOf } from './embeddedWallet.js'
import { addEmailTexts } from './texts.js'

/** The height of the frame's approval panel. */
const PANEL_HEIGHT = 320

/**
 * ApproveTransaction (rules §2, §6): a place in the modal where the secure frame shows its own panel. The
 * Approve and Reject buttons belong to the frame's origin, so this page can neither read the request's
 * secret nor click for the visitor. The view answers once the frame has settled the request.
 */
export default function ApproveTransactionView({ params }: ViewProps<{ method: string }>) {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  const slot = useRef<HTMLDivElement>(null)

  // The frame is outside the modal's shadow root: keep it over this slot while the view shows.
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
  }, [kernel])

  return (
    <div className="f-center">
      <p className="f-muted">{t('approve.hint')}</p>
      <div ref={slot} data-testid="approve-frame-slot" data-method={params.method} style={{ width: '100%', height: PANEL_HEIGHT }} />
    </div>
  )
}
