import { useMemo } from 'react'
import { orderConnectors, type OrderedConnector } from '../../connectorOrder.js'
import { isFeatureEnabled } from '../../features.js'
import type { MessageKey } from '../../i18n.js'
import { readRecentWallets } from '../../storage.js'
import { StorageToken } from '../../tokens.js'
import type { Slots } from '../../views.js'
import { ListItem } from '../../ui/ListItem.js'
import { WalletImage } from '../../ui/WalletImage.js'
import { GridIcon } from '../../ui/icons.js'
import { useFoyerState, useKernel, useTranslate } from '../context.js'
import { namespaceLabel } from '../namespaceLabel.js'
import { SlotOutlet } from '../shell/SlotOutlet.js'

// §2: the default connect method order is email, social, then wallets.
const METHOD_ORDER: ReadonlyArray<Slots['connect-methods']['method']> = ['email', 'social']

const TAGS: Partial<Record<OrderedConnector['group'], MessageKey>> = {
  recent: 'connect.recent',
  injected: 'connect.installed',
}

/** The Connect view: connect methods from feature plugins, then the chains' wallets in §2's order. */
export default function ConnectView() {
  const kernel = useKernel()
  const t = useTranslate()
  const connectors = useFoyerState((state) => state.connection.connectors)
  const flags = useFoyerState((state) => state.features.flags)
  const recentIds = useMemo(
    () => readRecentWallets(kernel.container.resolve(StorageToken)).map((wallet) => wallet.id),
    [kernel],
  )
  const wallets = useMemo(() => orderConnectors(connectors, { recentIds }), [connectors, recentIds])
  const methods = kernel.views
    .slot('connect-methods')
    .filter((entry) => !entry.feature || isFeatureEnabled(flags, entry.feature))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method))
  const showAllWallets = isFeatureEnabled(flags, 'allWallets') && kernel.isViewAvailable('AllWallets')
  // With wallets of several chain families (one app may offer both), each row names its family.
  const severalFamilies = new Set(wallets.map(({ connector }) => connector.chain)).size > 1
  const tagFor = ({ connector, group }: OrderedConnector) => {
    const tags = [severalFamilies && namespaceLabel(t, connector.chain), TAGS[group] && t(TAGS[group])].filter(Boolean)
    return tags.length > 0 ? tags.join(' · ') : undefined
  }

  return (
    <>
      {methods.map((entry) => (
        <SlotOutlet key={entry.id} entry={entry} />
      ))}
      {methods.length > 0 && (wallets.length > 0 || showAllWallets) && <div className="f-divider">{t('connect.or')}</div>}
      {wallets.length === 0 && !showAllWallets && methods.length === 0 && <p className="f-muted">{t('connect.empty')}</p>}
      {wallets.length > 0 && (
        <ul className="f-list" aria-label={t('connect.wallets')}>
          {wallets.map((entry) => {
            const { connector } = entry
            return (
              <li key={connector.id}>
                <ListItem
                  label={connector.name}
                  tag={tagFor(entry)}
                  image={<WalletImage src={connector.imageUrl} name={connector.name} />}
                  onClick={() => kernel.router.push('ConnectingExternal', { connectorId: connector.id })}
                />
              </li>
            )
          })}
        </ul>
      )}
      {showAllWallets && (
        <ListItem
          label={t('connect.allWallets')}
          image={
            <span className="f-wallet-image f-wallet-fallback" style={{ width: 40, height: 40 }} aria-hidden="true">
              <GridIcon />
            </span>
          }
          onClick={() => kernel.router.push('AllWallets')}
        />
      )}
    </>
  )
}
