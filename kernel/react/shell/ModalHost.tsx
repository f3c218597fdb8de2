import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type ComponentType } from 'react'
import { createPortal } from 'react-dom'
import { useFoyerState, useKernel } from '../hooks/context.js'

let loadedModalRoot: ComponentType | undefined
const onModalRootLoaded = new Set<() => void>()

/** Loads the modal's inside: on idle (see preloadCoreViews) or, at the latest, when it first shows. */
export function loadModalRoot(): Promise<ComponentType> {
  return import('./ModalRoot.js').then((module) => {
    loadedModalRoot = module.default
    for (const notify of onModalRootLoaded) notify()
    return module.default
  })
}

function subscribeToModalRoot(notify: () => void): () => void {
  onModalRootLoaded.add(notify)
  return () => onModalRootLoaded.delete(notify)
}

// The modal's inside, as soon as its code is here: mounted closed on idle (the stylesheet adopted, the theme and
// media listeners set up, the dialog rendered hidden: Modal.tsx), the click that opens it only shows the dialog (#21).
// Not React.lazy: React 19 holds a resolved Suspense boundary back for up to 300 ms to batch reveals, which would blow
// the 50 ms open budget.
function useModalRoot(wanted: boolean): ComponentType | undefined {
  const root = useSyncExternalStore(
    subscribeToModalRoot,
    () => loadedModalRoot,
    () => undefined,
  )
  const kernel = useKernel()
  useEffect(() => {
    if (!wanted || root) return
    loadModalRoot().catch((error: unknown) => kernel.logger.error('The modal could not be loaded.', error))
  }, [wanted, root, kernel])
  return root
}

/**
 * Renders the modal into its own shadow root, so host CSS cannot break it and its CSS cannot leak.
 * The root's host element goes at the end of `document.body`, or stays where this component sits
 * when append is disabled or the modal is embedded (rules §2).
 */
export function ModalHost() {
  const kernel = useKernel()
  const { disableAppend, enableEmbedded } = kernel.options
  const inPlace = disableAppend || enableEmbedded
  const [placeholder, setPlaceholder] = useState<HTMLElement | null>(null)
  const [shadow, setShadow] = useState<ShadowRoot | null>(null)
  const wanted = useFoyerState((state) => enableEmbedded || state.modal.open || state.toast.open)
  // Once mounted, the inside stays: closing keeps its state and the next open is instant.
  const ModalRoot = useModalRoot(wanted)

  // The shadow root waits for the modal's code too: made at mount, its state update re-rendered the tree and ran every
  // pending effect before the page's first paint (#21).
  useLayoutEffect(() => {
    if (!ModalRoot || (inPlace && !placeholder)) return
    const host = inPlace ? placeholder! : document.body.appendChild(document.createElement('div'))
    host.setAttribute('data-foyer', '')
    setShadow(host.shadowRoot ?? host.attachShadow({ mode: 'open' }))
    return () => {
      if (!inPlace) host.remove()
    }
  }, [inPlace, placeholder, ModalRoot])

  return (
    <>
      {inPlace && <div ref={setPlaceholder} />}
      {shadow && ModalRoot && createPortal(<ModalRoot />, shadow)}
    </>
  )
}
