import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { embeddedWalletOf } from './embeddedWallet.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** On Account while the embedded wallet is connected: its email, and the way to change it (UpdateEmailWallet). */
export default function EmailAccountRow() {
  const kernel = useKernel()
  const t = useTranslate()
  const email = embeddedWalletOf(kernel).email()
  if (!email) return null
  return <ListItem label={email} tag={t('email.change')} onClick={() => kernel.router.push('UpdateEmailWallet')} />
}
