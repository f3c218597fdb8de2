import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { addEmailTexts } from './texts.js'

/** On Account while the embedded wallet is connected: key export, in the secure frame (ExportKeys). */
export default function ExportKeysAccountRow() {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  return <ListItem label={t('export.title')} onClick={() => kernel.router.push('ExportKeys')} />
}
