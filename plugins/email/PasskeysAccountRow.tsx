import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** On Account while the embedded wallet is connected: its passkeys (list, add, remove). */
export default function PasskeysAccountRow() {
  const kernel = useKernel()
  const t = useTranslate()
  return <ListItem label={t('passkey.listTitle')} onClick={() => kernel.router.push('Passkeys')} />
}
