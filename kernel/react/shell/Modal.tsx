import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import { isFeatureEnabled } from '../../core/features.js'
import { selectIsConnected } from '../../core/connection.js'
import type { Kernel } from '../../core/createKernel.js'
import { closeModal, goBack, openingView } from '../../core/modal.js'
import { INITIAL_ROUTE, type RouteEntry } from '../../core/router.js'
import type { ViewId } from '../../core/views.js'
import { IconButton } from '../../ui/Button.js'
import { BackIcon, CloseIcon } from '../../ui/icons.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { focusableElements, trapTab } from './focus.js'
import { DialogShownContext } from './dialogShown.js'
import { AlertBanner } from './Notices.js'
import { ViewOutlet } from './ViewOutlet.js'
import { ViewTitleContext } from './ViewTitle.js'

/**
 * The dialog: named by the view's title, focus moved in and trapped, Escape closes, back goes
 * back and closes at the first view (rules §2), focus returns to the opener on close. Inline (embedded)
 * it is a plain region in the page, always shown, with no overlay and no close. On mobile widths
 * it is a bottom sheet (rules §2).
 *
 * Closed, it is rendered all the same, hidden and inert, at the view the next opening will show when that is Connect
 * or Account (a visitor already connected): its code has run, its styles and layout are done, so the click that opens
 * it only shows it (docs/budgets.md, the click). Each closing makes it anew, so an opening starts as fresh as a new
 * dialog would.
 */
export function Modal({ inline, sheet }: { inline: boolean; sheet: boolean }) {
  const kernel = useKernel()
  const t = useTranslate()
  const open = useFoyerState((state) => state.modal.open)
  const shake = useFoyerState((state) => state.modal.shake)
  const history = useFoyerState((state) => state.router.history)
  // Read for the closed dialog's view: a connection made or ended while closed changes the next opening's view.
  useFoyerState((state) => selectIsConnected(state.connection))
  const branding = useFoyerState((state) => isFeatureEnabled(state.features.flags, 'branding'))
  const [titleOverride, setTitleOverride] = useState<string>()
  const dialog = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const visible = inline || open
  const closings = useClosings(visible)
  const route = visible ? (history.at(-1) ?? INITIAL_ROUTE) : closedRoute(kernel)
  const view = route.view
  const definition = kernel.views.get(view)
  const title = titleOverride ?? (definition ? t(definition.title) : '')

  // Remember who opened the modal before focus moves in, and give focus back on close.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the modal opens and closes, not on each view; the view only decides the first focus.
  useLayoutEffect(() => {
    if (!open || inline) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // A view already loaded takes focus itself once shown (onShown), in this same task: focusing the dialog first
    // would make the browser compute the modal's styles twice before its first paint (#21).
    if (!kernel.views.loaded(view)) dialog.current?.focus({ preventScroll: true })
    return () => {
      if (opener.current?.isConnected) opener.current.focus()
    }
  }, [open, inline])

  // Each view, once shown, takes focus on its first control, so keyboard users start inside it. A view rendered while
  // closed counts as shown when the dialog opens: this callback changes then, and the outlet calls it again.
  const onShown = useCallback(() => {
    const root = dialog.current
    if (!root || inline || !open) return
    const body = root.querySelector<HTMLElement>('.f-body')
    const first = body ? focusableElements(body)[0] : undefined
    // A view shows from its top, where its first control is: nothing to scroll to.
    ;(first ?? root).focus({ preventScroll: true })
  }, [inline, open])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a title a view set goes when the view changes.
  useEffect(() => setTitleOverride(undefined), [view])

  // On the document, not the dialog: when the focused control goes away (a view changes under it),
  // focus falls to the page, and Escape and Tab must still work — Tab brings focus back inside.
  useEffect(() => {
    if (!open || inline) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeModal(kernel)
      else if (dialog.current) trapTab(event, dialog.current)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, inline, kernel])
  const onOverlayPointer = (event: MouseEvent) => {
    if (event.target === event.currentTarget) closeModal(kernel)
  }

  const canGoBack = visible && history.length > 1
  return (
    <div
      key={closings}
      className={`f-overlay${inline ? ' f-inline' : sheet ? ' f-sheet' : ''}${visible ? '' : ' f-closed'}`}
      inert={!visible}
      aria-hidden={visible ? undefined : true}
      data-layout={inline ? 'inline' : sheet ? 'sheet' : 'dialog'}
      onMouseDown={inline ? undefined : onOverlayPointer}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only where the role is dialog. */}
      <div
        ref={dialog}
        role={inline ? 'region' : 'dialog'}
        aria-modal={inline ? undefined : true}
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`f-dialog${shake ? ' f-shake' : ''}`}
        data-view={view}
      >
        <header className="f-header">
          {canGoBack ? (
            <IconButton label={t('modal.back')} onClick={() => goBack(kernel)}>
              <BackIcon />
            </IconButton>
          ) : (
            <span />
          )}
          <h2 id={titleId} className="f-title">
            {title}
          </h2>
          {inline ? (
            <span />
          ) : (
            <IconButton label={t('modal.close')} onClick={() => closeModal(kernel)}>
              <CloseIcon />
            </IconButton>
          )}
        </header>
        <AlertBanner />
        <div className="f-body">
          <DialogShownContext.Provider value={visible}>
            <ViewTitleContext.Provider value={setTitleOverride}>
              <ViewOutlet route={route} onShown={onShown} />
            </ViewTitleContext.Provider>
          </DialogShownContext.Provider>
        </div>
        {branding && <footer className="f-footer">{t('modal.branding')}</footer>}
      </div>
    </div>
  )
}

// The views the closed dialog holds when the next opening shows them: what they read waits for the dialog to show, or
// is read on idle anyway (Connect's suggestions). Another view would start its work for every page view (a pairing
// view, its relay session), so the closed dialog holds Connect instead.
const HELD_CLOSED: ReadonlySet<ViewId> = new Set(['Connect', 'Account'])

function closedRoute(kernel: Kernel): RouteEntry {
  const next = openingView(kernel)
  return HELD_CLOSED.has(next.view) ? next : INITIAL_ROUTE
}

/** How many times the dialog has closed: its key, so each closing remakes the hidden dialog from scratch. */
function useClosings(visible: boolean): number {
  // State adjusted while rendering (React's way to follow a change): React renders again at once, before committing.
  const [seen, setSeen] = useState({ visible, closings: 0 })
  if (seen.visible !== visible) setSeen({ visible, closings: seen.closings + (visible ? 0 : 1) })
  return seen.closings
}
