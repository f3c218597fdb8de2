import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { resolveTheme, themeToCss } from '../../theme.js'
import { styles } from '../../ui/styles.js'
import { useFoyerState, useKernel } from '../context.js'
import { Modal } from './Modal.js'
import { Toast } from './Notices.js'
import { useIsMobile, useThemeName } from './environment.js'

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
  const mobile = useIsMobile(kernel)

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
      {shadow && createPortal(<ThemedRoot>{<Modal inline={enableEmbedded} sheet={mobile} />}</ThemedRoot>, shadow)}
    </>
  )
}

function ThemedRoot({ children }: { children: ReactNode }) {
  const kernel = useKernel()
  const themeName = useThemeName(useFoyerState((state) => state.theme.mode))
  const css = useMemo(
    () => `${styles}\n.f-root{${themeToCss(resolveTheme(themeName, kernel.options.themeVariables))}color-scheme:${themeName};}`,
    [themeName, kernel.options.themeVariables],
  )
  return (
    <div className="f-root" data-theme={themeName}>
      <style>{css}</style>
      {children}
      <Toast />
    </div>
  )
}
