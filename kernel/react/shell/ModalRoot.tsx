import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { modalTexts } from '../../core/locales/modal.js'
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

let sharedStyles: CSSStyleSheet | undefined

/**
 * The modal's styles as one sheet, parsed once per page and adopted by every modal's shadow root: a second kernel's
 * modal, a remount or a theme switch parses none of it again; only the theme's few variables are a sheet of each root.
 */
function stylesSheet(): CSSStyleSheet {
  sharedStyles ??= sheetOf(styles)
  return sharedStyles
}

/** Adopts `sheet` into the shadow root (or document) that holds `ref`'s element, for as long as it is mounted. */
function useAdoptedSheet(ref: RefObject<HTMLElement | null>, sheet: CSSStyleSheet | undefined): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode() as ShadowRoot | Document | undefined
    if (!sheet || !root || !('adoptedStyleSheets' in root)) return
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((other) => other !== sheet)
    }
  }, [ref, sheet])
}

/** A sheet of `css` alone, for one root. */
function sheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet
}

/**
 * Everything inside the modal's shadow root: the stylesheet with the theme's variables, the dialog
 * and the toast. Its own lazy chunk, so a page pays for it when the modal first shows, not before.
 */
export default function ModalRoot() {
  const kernel = useKernel()
  // Re-renders on a locale switch, so `lang` and `dir` follow it.
  useTranslate()
  // The modal's own English comes with its code, before any part of it renders (kernel/core/locales/modal.ts).
  useState(() => kernel.i18n.addDefaults('en', modalTexts))
  const { locale } = kernel.i18n
  const themeName = useThemeName(useFoyerState((state) => state.theme.mode))
  const mobile = useIsMobile(kernel)
  const themeCss = useMemo(
    () => `.f-root{${themeToCss(resolveTheme(themeName, kernel.options.themeVariables))}color-scheme:${themeName};}`,
    [themeName, kernel.options.themeVariables],
  )
  const themeSheet = useMemo(() => (CONSTRUCTABLE ? sheetOf(themeCss) : undefined), [themeCss])
  const rootRef = useRef<HTMLDivElement>(null)
  // The theme's sheet after the styles', so its variables win as they did in one sheet.
  useAdoptedSheet(rootRef, CONSTRUCTABLE ? stylesSheet() : undefined)
  useAdoptedSheet(rootRef, themeSheet)
  return (
    <div ref={rootRef} className="f-root" data-theme={themeName} lang={locale} dir={textDirection(locale)}>
      {!CONSTRUCTABLE && <style>{`${styles}\n${themeCss}`}</style>}
      <Modal inline={kernel.options.enableEmbedded} sheet={mobile} />
      <Toast />
    </div>
  )
}
