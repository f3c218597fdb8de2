import { useEffect, useState } from 'react'
import { shortenAddress } from '../../model/addresses.js'
import { isFeatureEnabled } from '../../core/features.js'
import { Avatar } from '../../ui/Avatar.js'
import { Button, IconButton } from '../../ui/Button.js'
import { copyWithToast } from '../../ui/copy.js'
import { CopyIcon } from '../../ui/icons.js'
import { ListItem } from '../../ui/ListItem.js'
import { Skeleton } from '../../ui/Spinner.js'
import { Tabs } from '../../ui/Tabs.js'
import { WalletImage } from '../../ui/WalletImage.js'
import { NetworkImage } from '../../ui/NetworkImage.js'
import { directoryImageUrl } from '../../services/directory.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { useAccount, useDisconnect, useIdentity, useNativeBalance, useNetwork } from '../hooks/hooks.js'
import { namespaceLabel } from '../namespaceLabel.js'
import { useDialogShown } from '../shell/dialogShown.js'
import { SlotOutlet } from '../shell/SlotOutlet.js'

/**
 * The Account view: who is connected, the balance, the network, what plugins add (wallet
 * actions, the Tokens/NFTs/Activity tabs), and disconnect.
 */
export default function AccountView() {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const { network, networkId } = useNetwork()
  const disconnect = useDisconnect()
  const namespaces = useFoyerState((state) => state.connection.namespaces)
  const flags = useFoyerState((state) => state.features.flags)
  const [leaving, setLeaving] = useState(false)
  // Rendered ahead of the click, the view holds back the plugins' rows and tabs: they read the wallet's tokens,
  // activity and settings, which a page view whose visitor never opens the modal should not ask for. The summary's
  // reads start again as the dialog shows (a new key), as on a view's mounting: what went stale while closed is read
  // again (rules §9).
  const shown = useDialogShown()

  // A visitor who disconnected from the wallet's side is shown the Connect view instead.
  useEffect(() => {
    if (!account.isConnected && !leaving) kernel.router.reset()
  }, [account.isConnected, leaving, kernel])
  if (!account.address || !account.namespace) return null
  const chain = kernel.chains.get(account.namespace)

  const otherNamespaces = Object.entries(namespaces)
    .filter(([name, connection]) => name !== account.namespace && connection.status === 'connected')
    .map(([name]) => name)
  const order = flags.walletFeaturesOrder
  const features = kernel.views
    .slot('wallet-features')
    .filter(
      (entry) =>
        (!entry.feature || isFeatureEnabled(flags, entry.feature)) &&
        (!entry.capability || chain?.capabilities?.[entry.capability]) &&
        (!entry.networks || (networkId !== undefined && entry.networks.includes(networkId))) &&
        kernel.isViewAvailable(entry.view),
    )
    .sort((a, b) => rankFeature(order, a.id) - rankFeature(order, b.id))
  const details = kernel.views.slot('account-details').filter((entry) => entry.connectorId === account.connectorId)
  const tabs = kernel.views
    .slot('account-tabs')
    .filter(
      (entry) =>
        (!entry.feature || isFeatureEnabled(flags, entry.feature)) && (!entry.capability || chain?.capabilities?.[entry.capability]),
    )
    .map((entry) => ({ id: entry.id, label: t(entry.label), content: <SlotOutlet entry={entry} /> }))

  const onDisconnect = async () => {
    setLeaving(true)
    try {
      await disconnect()
    } catch (error) {
      kernel.logger.error('Disconnecting failed.', error)
    }
  }

  return (
    <>
      <AccountSummary key={shown ? 'shown' : 'closed'} address={account.address} />
      {shown && details.map((entry) => <SlotOutlet key={entry.id} entry={entry} />)}
      <ListItem
        label={network?.name ?? t('account.unknownNetwork')}
        tag={t('account.network')}
        image={
          network ? (
            <NetworkImage network={network} fallbackSrc={directoryImageUrl(kernel, 'asset', network.name)} />
          ) : (
            <WalletImage name="?" size={32} />
          )
        }
        onClick={() => kernel.router.push('Networks')}
      />
      {otherNamespaces.map((namespace) => (
        <Button key={namespace} variant="secondary" onClick={() => kernel.dispatchConnection({ type: 'namespace-activated', namespace })}>
          {t('account.switchNamespace', { namespace: namespaceLabel(t, namespace) })}
        </Button>
      ))}
      {features.length > 0 && (
        // A grid, so any number of actions wraps instead of running past the dialog's edge.
        <div className="f-actions">
          {features.map((entry) => (
            <Button key={entry.id} variant="secondary" onClick={() => kernel.router.push(entry.view as never)}>
              {t(entry.label)}
            </Button>
          ))}
        </div>
      )}
      {shown && tabs.length > 0 && <Tabs tabs={tabs} label={t('account.tabs')} />}
      <Button variant="danger" loading={leaving} onClick={onDisconnect}>
        {t('account.disconnect')}
      </Button>
    </>
  )
}

/** Who is connected (avatar, name or short address, with a copy button) and the native balance. */
function AccountSummary({ address }: { address: string }) {
  const kernel = useKernel()
  const t = useTranslate()
  const balance = useNativeBalance()
  const identity = useIdentity()
  const copy = () => copyWithToast(kernel, address, { copied: t('account.copied'), failed: t('account.copyFailed') })
  return (
    <div className="f-center">
      <Avatar address={address} src={identity?.avatar} />
      <p className="f-address">
        <span>{identity?.name ?? shortenAddress(address)}</span>
        <IconButton label={t('account.copyAddress')} onClick={copy}>
          <CopyIcon />
        </IconButton>
      </p>
      <p className="f-balance" aria-live="polite">
        {balance?.status === 'loading' && <Skeleton width={120} height={20} />}
        {balance?.status === 'ready' && `${balance.balance.formatted} ${balance.balance.symbol}`}
        {balance?.status === 'unavailable' && t('account.balanceUnavailable')}
      </p>
    </div>
  )
}

function rankFeature(order: readonly string[], id: string): number {
  const index = order.indexOf(id)
  return index === -1 ? order.length : index
}
