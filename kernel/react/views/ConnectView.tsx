import { useId, useMemo, useState } from 'react'
import { CONNECTOR_ORDER, orderConnectors, type ConnectorGroup } from '../../core/connectorOrder.js'
import { rememberDirectoryWallet, type DirectoryWallet } from '../../services/directory.js'
import { isFeatureEnabled } from '../../core/features.js'
import type { MessageKey } from '../../core/i18n.js'
import type { Connector } from '../../model/network.js'
import { readRecentWallets } from '../../services/storage.js'
import { StorageToken } from '../../core/tokens.js'
import type { Kernel } from '../../core/createKernel.js'
import type { Slots } from '../../core/views.js'
import { ListItem } from '../../ui/ListItem.js'
import { Skeleton } from '../../ui/Spinner.js'
import { WalletImage } from '../../ui/WalletImage.js'
import { GridIcon } from '../../ui/icons.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { namespaceLabel } from '../namespaceLabel.js'
import { LegalCheckbox, useLegalConsent } from '../shell/LegalConsent.js'
import { SlotOutlet } from '../shell/SlotOutlet.js'
import { preloadDirectorySuggestions, useDirectorySuggestions } from './useDirectorySuggestions.js'

/**
 * Called by warmModal once this module is loaded on idle: the directory's wallets, and the code of the connect methods
 * (email, socials), so the first open shows them in its first frame instead of placeholders (#21).
 */
export function preload(kernel: Kernel): void {
  preloadDirectorySuggestions(kernel)
  for (const entry of kernel.views.slot('connect-methods')) {
    if (!entry.load) continue
    kernel.views
      .loadEntry(entry)
      .catch((error: unknown) => kernel.logger.debug(`Preloading the connect method '${entry.id}' failed.`, error))
  }
}

// rules §2: the default connect method order is email, social, then wallets.
const METHOD_ORDER: ReadonlyArray<Slots['connect-methods']['method']> = ['email', 'social']

const TAGS: Partial<Record<ConnectorGroup, MessageKey>> = {
  recent: 'connect.recent',
  injected: 'connect.installed',
}

interface WalletRow {
  key: string
  group: ConnectorGroup
  name: string
  imageUrl?: string
  tag?: string
  onClick?: () => void
}

/**
 * The Connect view: connect methods from feature plugins, then the wallets in rules §2's order — the
 * chains' connectors and, with a directory, the featured, custom and recommended wallets. With
 * `legalCheckbox` every way to connect is disabled until the visitor ticks the box above them; with
 * `collapseWallets` and a connect method, the wallets fold behind one "Continue with a wallet" button.
 */
export default function ConnectView() {
  const kernel = useKernel()
  const t = useTranslate()
  const connectors = useFoyerState((state) => state.connection.connectors)
  const flags = useFoyerState((state) => state.features.flags)
  const recentIds = useMemo(() => readRecentWallets(kernel.container.resolve(StorageToken)).map((wallet) => wallet.id), [kernel])
  const installedRdns = useMemo(() => new Set(connectors.flatMap((connector) => connector.info?.rdns ?? [])), [connectors])
  const suggestions = useDirectorySuggestions(kernel, installedRdns)
  const methods = kernel.views
    .slot('connect-methods')
    .filter((entry) => !entry.feature || isFeatureEnabled(flags, entry.feature))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method))
  const showAllWallets = isFeatureEnabled(flags, 'allWallets') && kernel.isViewAvailable('AllWallets')
  const legal = useLegalConsent()
  const [walletsUnfolded, setWalletsUnfolded] = useState(false)
  const walletsId = useId()

  const rows = useMemo(() => {
    const ordered = orderConnectors(connectors, { recentIds })
    // With wallets of several chain families (one app may offer both), each row names its families.
    const familiesOf = (connector: Connector) => connector.namespaces.map((namespace) => namespaceLabel(t, namespace)).join(' + ')
    const severalFamilies = new Set(ordered.map(({ connector }) => connector.namespaces.join())).size > 1
    const connectorRows: WalletRow[] = ordered.map(({ connector, group }) => ({
      key: connector.id,
      group,
      name: connector.name,
      imageUrl: connector.imageUrl,
      tag: [severalFamilies && familiesOf(connector), TAGS[group] && t(TAGS[group])].filter(Boolean).join(' · ') || undefined,
      // Each connector says where it leads: most ask the wallet at once, WalletConnect shows its QR code.
      onClick: () => kernel.router.go(kernel.connectors.routeOf(connector.id)),
    }))
    const directoryRow =
      (group: ConnectorGroup) =>
      (wallet: DirectoryWallet): WalletRow => {
        const route = kernel.connectors.directoryRouteOf(wallet.id)
        return {
          key: `${group}:${wallet.id}`,
          group,
          name: wallet.name,
          imageUrl: wallet.imageUrl,
          onClick: route
            ? () => {
                rememberDirectoryWallet(kernel, wallet)
                kernel.router.go(route)
              }
            : undefined,
        }
      }
    return [
      ...connectorRows,
      ...suggestions.featured.map(directoryRow('featured')),
      ...suggestions.custom.map(directoryRow('custom')),
      ...suggestions.recommended.map(directoryRow('recommended')),
    ]
      .map((row, found) => ({ row, found }))
      .sort((a, b) => CONNECTOR_ORDER.indexOf(a.row.group) - CONNECTOR_ORDER.indexOf(b.row.group) || a.found - b.found)
      .map(({ row }) => row)
  }, [connectors, recentIds, suggestions, kernel, t])

  const nothing = rows.length === 0 && !showAllWallets && methods.length === 0 && !suggestions.loading
  const hasWallets = rows.length > 0 || showAllWallets || suggestions.loading
  const foldable = flags.collapseWallets && methods.length > 0 && hasWallets
  return (
    <>
      <LegalCheckbox />
      {/* A disabled fieldset disables every control inside, the plugins' email field and social buttons too. */}
      <fieldset className="f-fieldset" disabled={legal.locked}>
        {methods.map((entry) => (
          <SlotOutlet key={entry.id} entry={entry} />
        ))}
        {methods.length > 0 && hasWallets && <div className="f-divider">{t('connect.or')}</div>}
        {nothing && <p className="f-muted">{t('connect.empty')}</p>}
        {foldable && (
          <ListItem
            label={t('connect.continueWithWallet')}
            image={<TileIcon />}
            aria-expanded={walletsUnfolded}
            aria-controls={walletsUnfolded ? walletsId : undefined}
            onClick={() => setWalletsUnfolded((unfolded) => !unfolded)}
          />
        )}
        {(!foldable || walletsUnfolded) && (
          <div id={walletsId} className="f-contents">
            {(rows.length > 0 || suggestions.loading) && (
              <ul className="f-list" aria-label={t('connect.wallets')} aria-busy={suggestions.loading || undefined}>
                {rows.map((row) => (
                  <li key={row.key}>
                    <ListItem
                      label={row.name}
                      tag={row.tag}
                      disabled={!row.onClick}
                      image={<WalletImage src={row.imageUrl} name={row.name} />}
                      onClick={row.onClick}
                    />
                  </li>
                ))}
                {suggestions.loading && (
                  <li aria-hidden="true">
                    <Skeleton height={56} />
                  </li>
                )}
              </ul>
            )}
            {showAllWallets && (
              <ListItem label={t('connect.allWallets')} image={<TileIcon />} onClick={() => kernel.router.push('AllWallets')} />
            )}
          </div>
        )}
      </fieldset>
    </>
  )
}

/** The grid tile before All wallets and Continue with a wallet. */
function TileIcon() {
  return (
    <span className="f-wallet-image f-wallet-fallback" style={{ width: 40, height: 40 }} aria-hidden="true">
      <GridIcon />
    </span>
  )
}
