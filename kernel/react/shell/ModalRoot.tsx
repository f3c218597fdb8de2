import { useMemo } from 'react'
import { resolveTheme, themeToCss } from '../../core/theme.js'
import { styles } from '../../ui/styles.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { useIsMobile, useThemeName } from './environment.js'
import { Modal } from './Modal.js'
import { textDirection } from './textDirection.js'
import { Toast } from './Notices.js'

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
  return (
    <div className="f-root" data-theme={themeName} lang={locale} dir={textDirection(locale)}>
      <style>{css}</style>
      <Modal inline={kernel.options.enableEmbedded} sheet={mobile} />
      <Toast />
    </div>
  )
}
