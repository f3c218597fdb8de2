import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { addEmailTexts } from './texts.js'

/** On Account while the embedded wallet is connected: its passkeys (list, add, remove). */
export default function PasskeysAccountRow() {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  return <ListItem label={t('passkey.listTitle')} onClick={() => kernel.router.push('Passkeys')} />
}
