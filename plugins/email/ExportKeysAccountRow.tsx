import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** On Account while the embedded wallet is connected: key export, in the secure frame (ExportKeys). */
export default function ExportKeysAccountRow() {
  const kernel = useKernel()
  const t = useTranslate()
  return <ListItem label={t('export.title')} onClick={() => kernel.router.push('ExportKeys')} />
}
