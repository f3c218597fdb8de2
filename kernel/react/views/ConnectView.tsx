import { useEffect, useId, useMemo, useState } from 'react'
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
import { loadStarterWallets, platformOf, walletsToInstall, type Platform } from './starterWallets.js'
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

  // No wallet installed and none reachable (nothing installed, no WalletConnect): never a dead end, the view offers to
  // install one (rules §2), the directory's recommended first, below email and socials when they are on.
  const nothingToConnect = rows.every((row) => !row.onClick) && !showAllWallets && !suggestions.loading
  const hasWallets = !nothingToConnect && (rows.length > 0 || showAllWallets || suggestions.loading)
  const foldable = flags.collapseWallets && methods.length > 0 && hasWallets
  const divided = methods.length > 0 && (hasWallets || nothingToConnect)
  return (
    <>
      <LegalCheckbox />
      {/* A disabled fieldset disables every control inside, the plugins' email field and social buttons too. */}
      <fieldset className="f-fieldset" disabled={legal.locked}>
        {/* On a desktop the connect methods and the wallets stand side by side, methods first (docs/looks.md#connect). */}
        <div className="f-connect" data-panes={divided && !foldable ? 'two' : undefined}>
          {methods.length > 0 && (
            <div className="f-connect-pane">
              {methods.map((entry) => (
                <SlotOutlet key={entry.id} entry={entry} />
              ))}
            </div>
          )}
          {divided && <div className="f-divider">{t('connect.or')}</div>}
          <div className="f-connect-pane">
            {nothingToConnect && <GetAWallet fromDirectory={[...suggestions.featured, ...suggestions.recommended]} />}
            {foldable && (
              <ListItem
                label={t('connect.continueWithWallet')}
                image={<TileIcon />}
                aria-expanded={walletsUnfolded}
                aria-controls={walletsUnfolded ? walletsId : undefined}
                onClick={() => setWalletsUnfolded((unfolded) => !unfolded)}
              />
            )}
            {!nothingToConnect && (!foldable || walletsUnfolded) && (
              <div id={walletsId} className="f-contents">
                {(rows.length > 0 || suggestions.loading) && (
                  <ul className="f-list f-wallets" aria-label={t('connect.wallets')} aria-busy={suggestions.loading || undefined}>
                    {rows.map((row) => (
                      <li key={row.key}>
                        <ListItem
                          label={row.name}
                          tag={row.tag}
                          disabled={!row.onClick}
                          image={<WalletImage src={row.imageUrl} name={row.name} mark={['wallet', row.name]} />}
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
          </div>
        </div>
      </fieldset>
    </>
  )
}

/**
 * For a visitor without a wallet: what a wallet is, in two lines, and the wallets to install — the directory's
 * recommended ones, then those the site's chains suggest (in the chains' own chunks) — each with where it installs on
 * this platform (its store, else its site).
 */
function GetAWallet({ fromDirectory }: { fromDirectory: readonly DirectoryWallet[] }) {
  const kernel = useKernel()
  const t = useTranslate()
  const [fromChains, setFromChains] = useState<Awaited<ReturnType<typeof loadStarterWallets>>>([])
  useEffect(() => {
    let live = true
    void loadStarterWallets(kernel).then((loaded) => live && setFromChains(loaded))
    return () => {
      live = false
    }
  }, [kernel])
  const platform = platformOf(globalThis.navigator?.userAgent ?? '', globalThis.navigator?.maxTouchPoints)
  const wallets = useMemo(() => walletsToInstall(fromDirectory, fromChains, platform), [fromDirectory, fromChains, platform])
  const titleId = useId()
  return (
    <section className="f-get-wallet" aria-labelledby={titleId}>
      <h3 id={titleId} className="f-get-wallet-title">
        {t('connect.getWallet.title')}
      </h3>
      <p className="f-muted">{t('connect.getWallet.what')}</p>
      {wallets.length > 0 && (
        <>
          <p className="f-muted">{t('connect.getWallet.next')}</p>
          <ul className="f-list f-wallets" aria-label={t('connect.getWallet.title')}>
            {wallets.map((wallet) => (
              <li key={wallet.id}>
                <a className="f-list-item" href={wallet.url} target="_blank" rel="noopener noreferrer">
                  <WalletImage src={wallet.imageUrl} name={wallet.name} mark={['wallet', wallet.name]} />
                  <span className="f-list-item-label">{wallet.name}</span>
                  <span className="f-tag">{t(INSTALL_PLACES[wallet.where])}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

const INSTALL_PLACES: Record<Platform, MessageKey> = {
  chrome: 'connect.getWallet.chrome',
  firefox: 'connect.getWallet.firefox',
  safari: 'connect.getWallet.safari',
  ios: 'connect.getWallet.ios',
  android: 'connect.getWallet.android',
  other: 'connect.getWallet.website',
}

/** The grid tile before All wallets and Continue with a wallet. */
function TileIcon() {
  return (
    <span className="f-wallet-image f-wallet-fallback" style={{ width: 40, height: 40 }} aria-hidden="true">
      <GridIcon />
    </span>
  )
}
