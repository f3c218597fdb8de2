import { useState } from 'react'
import { isFeatureEnabled, nativeBalanceQuery, showToast, switchConnection } from 'foyer'
import { useAccount, useFoyerState, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import { Button, ListItem } from 'foyer/ui'
import { profileWallets, removeProfileWallet, type ProfileWallet } from './index.js'

/**
 * rules §2 ProfileWallets: the visitor's connections of the namespace Account shows, each with its connector and balance,
 * the active one marked. Another is switched to ('active', rules §4), one is removed, or a new one added from Connect.
 * With the remote `multiWallet` feature off (rules §6): an info note and no list.
 */
export default function ProfileWalletsView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { namespace } = useAccount()
  // Read for the re-render: the list follows the store.
  useFoyerState((state) => state.wallets)
  const enabled = useFoyerState((state) => isFeatureEnabled(state.features.flags, 'multiWallet'))
  const list = namespace ? profileWallets(kernel, namespace) : []
  if (!enabled) {
    return (
      <div className="f-alert" role="status" data-testid="multi-wallet-off">
        <p className="f-alert-text">{t('wallets.off')}</p>
      </div>
    )
  }
  return (
    <div>
      {list.length === 0 ? (
        <p className="f-muted" role="status">
          {t('wallets.empty')}
        </p>
      ) : (
        <ul className="f-list" aria-label={t('wallets.title')}>
          {list.map((wallet) => (
            <WalletRow key={`${wallet.namespace}:${wallet.connectorId}`} wallet={wallet} />
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => kernel.router.push('Connect')}>
        {t('wallets.add')}
      </Button>
    </div>
  )
}

function WalletRow({ wallet }: { wallet: ProfileWallet & { active: boolean } }) {
  const kernel = useKernel()
  const t = useTranslate()
  const { networkId } = useNetwork()
  const [busy, setBusy] = useState(false)
  const connector = kernel.connectors.get(wallet.connectorId)?.connector
  const name = connector?.name ?? wallet.connectorId
  const balance = useKernelQuery(
    networkId ? nativeBalanceQuery(kernel, { namespace: wallet.namespace, address: wallet.address, networkId }) : undefined,
  )
  const amount =
    balance?.status === 'ready' ? t('wallets.balance', { amount: balance.data.formatted, symbol: balance.data.symbol }) : undefined

  const use = async () => {
    setBusy(true)
    try {
      await switchConnection(kernel, {
        connectorId: wallet.connectorId,
        namespace: wallet.namespace,
        status: 'active',
        address: wallet.address,
      })
    } catch (error) {
      showToast(kernel, { message: error instanceof Error ? error.message : String(error), variant: 'error' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <li data-testid="profile-wallet">
      <ListItem
        label={`${name} ${wallet.address}`}
        tag={wallet.active ? t('wallets.active') : amount}
        current={wallet.active}
        disabled={wallet.active || busy}
        aria-busy={busy || undefined}
        onClick={use}
        title={wallet.active ? undefined : t('wallets.switch')}
      />
      {!wallet.active && (
        <Button variant="secondary" onClick={() => removeProfileWallet(kernel, wallet)}>
          {t('wallets.remove', { name })}
        </Button>
      )}
    </li>
  )
}
