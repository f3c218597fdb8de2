import { useEffect } from 'react'
import { useAccount, useKernel, useNativeBalance, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { firstOnPage, needsReminder } from './backupReminders.js'
import { embeddedWalletOf } from './embeddedWallet.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * On Account while the embedded wallet is connected and has no backup its visitor made: "Not backed up", which opens
 * the backup. The wallet's first balance seen here brings the prompt back, once (docs/wallets.md#backup).
 */
export default function BackupAccountRow() {
  const kernel = useKernel()
  const t = useTranslate()
  const wallet = embeddedWalletOf(kernel)
  // The wallet publishes its user to the account state whenever the frame sends it: read it again then.
  useAccount()
  const balance = useNativeBalance()
  const funded = balance?.status === 'ready' && Number(balance.balance.formatted) > 0
  const unsaved = wallet.backedUp() === false
  useEffect(() => {
    if (funded && needsReminder(kernel, wallet, 'funds') && firstOnPage(kernel, 'funds')) {
      kernel.router.push('BackupWallet', { moment: 'funds' })
    }
  }, [kernel, wallet, funded])
  if (!unsaved) return null
  return (
    <ListItem
      label={t('backup.notBackedUp')}
      tag={t('backup.backUp')}
      onClick={() => kernel.router.push('BackupWallet', { moment: 'account' })}
    />
  )
}
