import { useRef } from 'react'
import { useKernel, useTranslate, type ViewProps } from 'foyer/react'
import { useFramePanel } from './useFramePanel.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The height of the frame's approval panel. */
const PANEL_HEIGHT = 320

/**
 * ApproveTransaction (rules §2, §6): a place in the modal where the secure frame shows its own panel. The
 * Approve and Reject buttons belong to the frame's origin, so this page can neither read the request's
 * secret nor click for the visitor. The view answers once the frame has settled the request.
 */
export default function ApproveTransactionView({ params }: ViewProps<{ method: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  const slot = useRef<HTMLDivElement>(null)

  useFramePanel(kernel, slot)

  return (
    <div className="f-center">
      <p className="f-muted">{t('approve.hint')}</p>
      <div ref={slot} data-testid="approve-frame-slot" data-method={params.method} style={{ width: '100%', height: PANEL_HEIGHT }} />
    </div>
  )
}
