import { useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { embeddedWalletOf } from './embeddedWallet.js'
import { addEmailTexts } from './texts.js'

/** On Account while the embedded wallet is connected: its email, and the way to change it (UpdateEmailWallet). */
export default function EmailAccountRow() {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  const email = embeddedWalletOf(kernel).email()
  if (!email) return null
  return <ListItem label={email} tag={t('email.change')} onClick={() => kernel.router.push('UpdateEmailWallet')} />
}
