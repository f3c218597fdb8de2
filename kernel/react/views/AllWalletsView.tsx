import { useEffect, useMemo, useRef, useState } from 'react'
import { rememberDirectoryWallet, walletDirectoryOf, type DirectoryWallet } from '../../services/directory.js'
import { readRecentWallets } from '../../services/storage.js'
import { StorageToken } from '../../core/tokens.js'
import { Button } from '../../ui/Button.js'
import { ListItem } from '../../ui/ListItem.js'
import { Skeleton } from '../../ui/Spinner.js'
import { WalletImage } from '../../ui/WalletImage.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { LegalCheckbox, useLegalConsent } from '../shell/LegalConsent.js'
import { useWalletPages } from './useWalletPages.js'

/**
 * All Wallets: the directory, searchable, 40 at a time with infinite scroll. Wallets already in the
 * browser (matched by rdns) say so and connect directly; recent ones come first; the others go to
 * WalletConnect when a chain offers it. The modal may open here first (rules §2, on mobile), so with `legalCheckbox`
 * the list stays disabled under the checkbox until it is ticked.
 */
export default function AllWalletsView() {
  const kernel = useKernel()
  const { locked } = useLegalConsent()
  const directory = walletDirectoryOf(kernel)
  if (!directory) throw new Error('All Wallets needs a wallet directory: set services.directory or WalletDirectoryToken.')
  return (
    <>
      {locked && <LegalCheckbox />}
      <fieldset className="f-fieldset" disabled={locked}>
        <WalletList directory={directory} />
      </fieldset>
    </>
  )
}

function WalletList({ directory }: { directory: NonNullable<ReturnType<typeof walletDirectoryOf>> }) {
  const kernel = useKernel()
  const t = useTranslate()
  const [query, setQuery] = useState('')
  const { state, hasMore, loadMore, retry } = useWalletPages(kernel, directory, query)
  const connectors = useFoyerState((store) => store.connection.connectors)
  const installedByRdns = useMemo(
    () => new Map(connectors.flatMap((connector) => (connector.info?.rdns ? [[connector.info.rdns, connector.id] as const] : []))),
    [connectors],
  )
  const recentIds = useMemo(() => readRecentWallets(kernel.container.resolve(StorageToken)).map((wallet) => wallet.id), [kernel])
  const wallets = useMemo(() => {
    const rank = (wallet: DirectoryWallet) => {
      const index = recentIds.indexOf(wallet.id)
      return index === -1 ? recentIds.length : index
    }
    return [...state.wallets].sort((a, b) => rank(a) - rank(b))
  }, [state.wallets, recentIds])
  // Directory wallets are reached through a connector that can pair with them (WalletConnect).
  const canPair = kernel.connectors.all().some((registration) => registration.directoryRoute)

  const choose = (wallet: DirectoryWallet) => {
    const connectorId = wallet.rdns ? installedByRdns.get(wallet.rdns) : undefined
    if (connectorId) return kernel.router.go(kernel.connectors.routeOf(connectorId))
    const route = kernel.connectors.directoryRouteOf(wallet.id)
    if (!route) return
    rememberDirectoryWallet(kernel, wallet)
    kernel.router.go(route)
  }

  return (
    <>
      <input
        className="f-input"
        type="search"
        aria-label={t('allWallets.search')}
        placeholder={t('allWallets.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="f-list" aria-label={t('allWallets.list')} aria-busy={state.status === 'loading' || undefined}>
        {wallets.map((wallet) => {
          const installed = wallet.rdns !== undefined && installedByRdns.has(wallet.rdns)
          const recent = recentIds.includes(wallet.id)
          const tag = installed ? t('connect.installed') : recent ? t('connect.recent') : canPair ? undefined : t('allWallets.notInstalled')
          return (
            <li key={wallet.id}>
              <ListItem
                label={wallet.name}
                tag={tag}
                disabled={!installed && !canPair}
                image={<WalletImage src={wallet.imageUrl} name={wallet.name} mark={['wallet', wallet.name]} />}
                onClick={() => choose(wallet)}
              />
            </li>
          )
        })}
        {state.status === 'loading' &&
          Array.from({ length: wallets.length === 0 ? 6 : 2 }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the placeholder rows are all alike; their place is their only identity.
            <li key={`skeleton-${row}`} aria-hidden="true">
              <Skeleton height={56} />
            </li>
          ))}
      </ul>
      {state.status === 'ready' && wallets.length === 0 && (
        <p className="f-muted" role="status">
          {query.trim() ? t('allWallets.noResults', { query: query.trim() }) : t('allWallets.empty')}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="f-center" role="alert">
          <p className="f-error-text">{t('allWallets.failed')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('allWallets.retry')}
          </Button>
        </div>
      )}
      {hasMore && <LoadMoreSentinel onVisible={loadMore} />}
    </>
  )
}

/** Asks for the next page when it scrolls into view (infinite scroll). */
function LoadMoreSentinel({ onVisible }: { onVisible: () => void }) {
  const element = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = element.current
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onVisible())
    observer.observe(target)
    return () => observer.disconnect()
  }, [onVisible])
  return <div ref={element} style={{ height: 1 }} data-testid="load-more" />
}
