import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react'
import { createPortal } from 'react-dom'
import { useFoyerState, useKernel } from '../hooks/context.js'

let loadedModalRoot: ComponentType | undefined

/** Loads the modal's inside: on idle (see preloadCoreViews) or, at the latest, when it first shows. */
export function loadModalRoot(): Promise<ComponentType> {
  return import('./ModalRoot.js').then((module) => (loadedModalRoot = module.default))
}

// Not React.lazy: React 19 holds a resolved Suspense boundary back for up to 300 ms to batch
// reveals, which would blow the 50 ms open budget. A loaded module renders at once instead.
function useModalRoot(wanted: boolean): ComponentType | undefined {
  // Read the module-level value at every render: the idle preload may have loaded it since mount.
  const [state, setRoot] = useState(() => loadedModalRoot)
  const root = state ?? loadedModalRoot
  const kernel = useKernel()
  useEffect(() => {
    if (!wanted || root) return
    let current = true
    loadModalRoot().then(
      (loaded) => current && setRoot(() => loaded),
      (error: unknown) => kernel.logger.error('The modal could not be loaded.', error),
    )
    return () => {
      current = false
    }
  }, [wanted, root, kernel])
  return root
}

/**
 * Renders the modal into its own shadow root, so host CSS cannot break it and its CSS cannot leak.
 * The root's host element goes at the end of `document.body`, or stays where this component sits
 * when append is disabled or the modal is embedded (§2).
 */
export function ModalHost() {
  const kernel = useKernel()
  const { disableAppend, enableEmbedded } = kernel.options
  const inPlace = disableAppend || enableEmbedded
  const [placeholder, setPlaceholder] = useState<HTMLElement | null>(null)
  const [shadow, setShadow] = useState<ShadowRoot | null>(null)
  const wanted = useFoyerState((state) => enableEmbedded || state.modal.open || state.toast.open)
  // Once shown, the inside stays mounted: closing keeps its state and the next open is instant.
  const [shown, setShown] = useState(wanted)
  if (wanted && !shown) setShown(true)
  const ModalRoot = useModalRoot(shown)

  useLayoutEffect(() => {
    if (inPlace && !placeholder) return
    const host = inPlace ? placeholder! : document.body.appendChild(document.createElement('div'))
    host.setAttribute('data-foyer', '')
    setShadow(host.shadowRoot ?? host.attachShadow({ mode: 'open' }))
    return () => {
      if (!inPlace) host.remove()
    }
  }, [inPlace, placeholder])

  return (
    <>
      {inPlace && <div ref={setPlaceholder} />}
      {shadow && shown && ModalRoot && createPortal(<ModalRoot />, shadow)}
    </>
  )
}
