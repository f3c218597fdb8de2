import { useState } from 'react'
import { canSwitchAccountType, showToast } from 'foyer'
import { useAccount, useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { embeddedWalletOf } from './embeddedWallet.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * On Account while the embedded wallet shows its EVM account: the account's type (rules §6), and the switch to the other
 * where rules §6 allows it: to the smart account from the EOA where the network offers one, back to the EOA from it.
 * The address shown changes with it (the wallet tells the EVM chain).
 */
export default function AccountTypeRow() {
  const kernel = useKernel()
  const t = useTranslate()
  const { namespace, address } = useAccount()
  const [switching, setSwitching] = useState(false)
  const wallet = embeddedWalletOf(kernel)
  const account = wallet.evmAccount()
  // `address` is read so the row renders again once the switched account reaches the store.
  if (namespace !== 'eip155' || !account || !address) return null
  const rules = { smartAccounts: account.smartAccount !== undefined }
  const target = account.type === 'smartAccount' ? 'eoa' : 'smartAccount'
  const allowed = canSwitchAccountType(account.type, target, rules)
  const label = account.type === 'smartAccount' ? t('accountType.smartAccount') : t('accountType.eoa')
  if (!allowed) return <ListItem label={label} disabled />

  const onSwitch = async () => {
    setSwitching(true)
    try {
      await wallet.setPreferredAccountType(target)
    } catch (error) {
      showToast(kernel, { message: error instanceof Error ? error.message : t('email.failed'), variant: 'error' })
    } finally {
      setSwitching(false)
    }
  }
  // The button is named by what it does; the tag says what the account is now.
  return (
    <ListItem
      label={target === 'eoa' ? t('accountType.toEoa') : t('accountType.toSmartAccount')}
      tag={switching ? t('accountType.switching') : label}
      aria-busy={switching || undefined}
      disabled={switching}
      onClick={onSwitch}
    />
  )
}
