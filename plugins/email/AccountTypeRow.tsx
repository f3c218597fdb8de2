import { useEffect, useState } from 'react'
import { canSwitchAccountType, showToast } from 'foyer'
import { useAccount, useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { EMAIL_CONNECTOR_ID } from './constants.js'
import { embeddedWalletOf } from './embeddedWallet.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * On Account while the embedded wallet shows its EVM account: the account's type (rules §6), and the switch to the other
 * where rules §6 allows it: to the smart account from the EOA where the network offers one, back to the EOA from it.
 * The address shown changes with it (the wallet tells the EVM chain). Wallets of the ERC-4337 mode only: an EIP-7702
 * wallet's address is its smart account.
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
  // An EIP-7702 wallet has one address: no type to choose (docs/wallets.md#account-modes), only, once upgraded, the way back.
  if (account.eip7702) return <TurnOffRow upgraded={account.eip7702.upgraded} />
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

/**
 * An upgraded EIP-7702 account's way back to a plain key pair (docs/wallets.md#turning-the-smart-account-off): the
 * frame asks the visitor, then signs an authorization to the zero address in a transaction the account pays for.
 */
function TurnOffRow({ upgraded: known }: { upgraded: boolean }) {
  const kernel = useKernel()
  const t = useTranslate()
  const [turningOff, setTurningOff] = useState(false)
  const [upgraded, setUpgraded] = useState(known)
  const wallet = embeddedWalletOf(kernel)
  // The account may have been upgraded since the user was read (a sponsored send): asked again as Account opens.
  useEffect(() => {
    let open = true
    wallet
      .getUser()
      .then((user) => open && setUpgraded(user?.upgraded ?? false))
      // A failed read keeps what was known: the row is a convenience, the frame checks again when asked.
      .catch(() => {})
    return () => {
      open = false
    }
  }, [wallet])
  if (!upgraded) return null
  const onTurnOff = async () => {
    setTurningOff(true)
    try {
      const provider = kernel.connectors.provider(EMAIL_CONNECTOR_ID, 'eip155') as Provider | undefined
      await provider?.request({ method: 'foyer_undelegateAccount' })
      setUpgraded((await wallet.getUser())?.upgraded ?? false)
      showToast(kernel, { message: t('accountType.turnedOff'), variant: 'success' })
    } catch (error) {
      showToast(kernel, { message: error instanceof Error ? error.message : t('email.failed'), variant: 'error' })
    } finally {
      setTurningOff(false)
    }
  }
  return (
    <ListItem
      label={t('accountType.turnOff')}
      tag={t('accountType.smartAccount')}
      aria-busy={turningOff || undefined}
      disabled={turningOff}
      onClick={onTurnOff}
    />
  )
}

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
