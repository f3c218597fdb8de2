import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import { resolveTheme, themeToCss } from '../../core/theme.js'
import { styles } from '../../ui/styles.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { useIsMobile, useThemeName } from './environment.js'
import { Modal } from './Modal.js'
import { textDirection } from './textDirection.js'
import { Toast } from './Notices.js'

// A constructed stylesheet, adopted by the shadow root, is not inline style to a Content-Security-Policy: the modal
// works under `style-src 'self'` with no 'unsafe-inline' and no nonce (SECURITY.md). A `<style>` element is the
// fallback where a browser cannot construct one.
const CONSTRUCTABLE =
  typeof CSSStyleSheet === 'function' &&
  'replaceSync' in CSSStyleSheet.prototype &&
  typeof ShadowRoot === 'function' &&
  'adoptedStyleSheets' in ShadowRoot.prototype

/** Adopts `css` into the shadow root (or document) that holds `ref`'s element, for as long as it is mounted. */
function useAdoptedStyles(ref: RefObject<HTMLElement | null>, css: string): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode() as ShadowRoot | Document | undefined
    if (!CONSTRUCTABLE || !root || !('adoptedStyleSheets' in root)) return
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet)
    }
  }, [ref, css])
}

/**
 * Everything inside the modal's shadow root: the stylesheet with the theme's variables, the dialog
 * and the toast. Its own lazy chunk, so a page pays for it when the modal first shows, not before.
 */
export default function ModalRoot() {
  const kernel = useKernel()
  // Re-renders on a locale switch, so `lang` and `dir` follow it.
  useTranslate()
  const { locale } = kernel.i18n
  const themeName = useThemeName(useFoyerState((state) => state.theme.mode))
  const mobile = useIsMobile(kernel)
  const css = useMemo(
    () => `${styles}\n.f-root{${themeToCss(resolveTheme(themeName, kernel.options.themeVariables))}color-scheme:${themeName};}`,
    [themeName, kernel.options.themeVariables],
  )
  const rootRef = useRef<HTMLDivElement>(null)
  useAdoptedStyles(rootRef, css)
  return (
    <div ref={rootRef} className="f-root" data-theme={themeName} lang={locale} dir={textDirection(locale)}>
      {!CONSTRUCTABLE && <style>{css}</style>}
      <Modal inline={kernel.options.enableEmbedded} sheet={mobile} />
      <Toast />
    </div>
  )
}
