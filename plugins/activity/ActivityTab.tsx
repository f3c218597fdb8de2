import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { Transaction } from 'foyer/query'
import { formatQuantity } from 'foyer'
import { useAccount, useFoyerState, useKernel, useNetwork, useTranslate } from 'foyer/react'
import { Button, Skeleton } from 'foyer/ui'
import type { PendingTransaction } from './index.js'
import {
  activityReducer,
  groupByMonth,
  INITIAL_ACTIVITY,
  pendingAsTransaction,
  refreshUntil,
  unlistedPending,
  visibleTransactions,
  withoutListed,
} from './activityList.js'
import { loadActivityPage, PENDING_REFRESH_FOR_MS, PENDING_REFRESH_MS, refreshActivityPage } from './loadActivityPage.js'

export { viewTexts as texts } from './texts.js'

const row = { cursor: 'default' } as const
const OPERATIONS = ['send', 'receive', 'mint', 'trade', 'buy', 'execute'] as const
const NONE: readonly PendingTransaction[] = []

/**
 * The Activity tab: the account's transactions on the connected network, by month, newest first (rules §5).
 * What was sent through Foyer shows at once as pending, and as the service lists it once it does.
 */
export default function ActivityTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address } = useAccount()
  const { networkId } = useNetwork()
  const [state, dispatch] = useReducer(activityReducer, INITIAL_ACTIVITY)
  // Bumped whenever the account or network changes (or the tab unmounts): older answers are dropped.
  const generation = useRef(0)
  const key = address && networkId ? `${networkId}:${address}` : ''

  const load = useCallback(
    (cursor?: string) => {
      if (!address || !networkId) return
      const requestedFor = generation.current
      loadActivityPage(kernel, { account: address, chainId: networkId, cursor }).then(
        (page) => requestedFor === generation.current && dispatch({ type: 'page-loaded', page }),
        () => requestedFor === generation.current && dispatch({ type: 'load-failed' }),
      )
    },
    [kernel, address, networkId],
  )

  // `load` changes with the account and the network, so the list starts again for each.
  useEffect(() => {
    generation.current++
    dispatch({ type: 'reset' })
    load()
    return () => {
      generation.current++
    }
  }, [load])

  const pending = useFoyerState((foyer) => foyer.activity?.pending ?? NONE)
  const waiting = address && networkId ? unlistedPending(pending, state.transactions, { account: address, chainId: networkId }) : []
  const isWaiting = waiting.length > 0 && state.status !== 'loading'
  const until = refreshUntil(waiting, PENDING_REFRESH_FOR_MS)

  // Once the service lists a sent transaction, it is no longer pending anywhere.
  useEffect(() => {
    kernel.store.update('activity', (activity) => {
      const left = withoutListed(activity.pending, state.transactions)
      return left === activity.pending ? activity : { pending: left }
    })
  }, [kernel, state.transactions])

  // While one waits, the first page is read again past the cache until the service lists it (for at most
  // PENDING_REFRESH_FOR_MS after the latest send).
  useEffect(() => {
    if (!isWaiting || !address || !networkId || Date.now() > until) return
    const requestedFor = generation.current
    let reading = false
    const timer = setInterval(() => {
      if (Date.now() > until) return clearInterval(timer)
      if (reading) return
      reading = true
      refreshActivityPage(kernel, { account: address, chainId: networkId })
        .then(
          (page) => requestedFor === generation.current && dispatch({ type: 'first-page-refreshed', page }),
          (error: unknown) => kernel.logger.warn('The transactions could not be read again.', error),
        )
        .finally(() => (reading = false))
    }, PENDING_REFRESH_MS)
    return () => clearInterval(timer)
  }, [kernel, isWaiting, until, address, networkId])

  if (!key) return null
  if (state.status === 'loading' && waiting.length === 0) {
    return (
      <ul className="f-list" aria-busy="true" aria-label={t('activity.loading')}>
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <Skeleton height={56} />
          </li>
        ))}
      </ul>
    )
  }
  const groups = groupByMonth(visibleTransactions([...waiting.map(pendingAsTransaction), ...state.transactions], networkId!))
  // rules §8: after a failure the list is empty; the toast says why.
  if (groups.length === 0 && !state.next) return <p className="f-muted">{t('activity.empty')}</p>
  const monthName = new Intl.DateTimeFormat(kernel.i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const dayName = new Intl.DateTimeFormat(kernel.i18n.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })

  return (
    <section aria-label={t('activity.label')}>
      {groups.map((group) => (
        <section key={group.key} aria-label={monthName.format(Date.UTC(group.year, group.month - 1))}>
          <h3 className="f-section-title">{monthName.format(Date.UTC(group.year, group.month - 1))}</h3>
          <ul className="f-list">
            {group.transactions.map((transaction) => (
              <li
                key={transaction.id}
                className="f-list-item"
                style={row}
                data-testid="activity-row"
                data-hash={transaction.metadata.hash}
                data-status={transaction.metadata.status}
              >
                <span className="f-list-item-label">
                  {operationLabel(t, transaction)}
                  {transaction.metadata.status === 'failed' && <span className="f-tag"> {t('activity.failed')}</span>}
                  {transaction.metadata.status === 'pending' && <span className="f-tag"> {t('activity.pending')}</span>}
                  <br />
                  <span className="f-muted">{dayName.format(Date.parse(transaction.metadata.minedAt))}</span>
                </span>
                <span>{transferSummary(t, transaction, kernel.i18n.locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {state.status === 'loading' && <Skeleton height={56} />}
      {state.next && (
        <Button
          variant="secondary"
          loading={state.loadingMore}
          onClick={() => {
            dispatch({ type: 'more-requested' })
            load(state.next)
          }}
        >
          {t('activity.loadMore')}
        </Button>
      )}
    </section>
  )
}

type Translate = ReturnType<typeof useTranslate>

function operationLabel(t: Translate, transaction: Transaction): string {
  const operation = OPERATIONS.find((candidate) => candidate === transaction.metadata.operationType) ?? 'execute'
  return t(`activity.${operation}`)
}

/** The first transfer's amount (3 decimals, rules §5) and symbol, or the NFT's name; how many more it moved. */
function transferSummary(t: Translate, transaction: Transaction, locale: string): string {
  const [first, ...rest] = transaction.transfers
  if (!first) return ''
  const sign = first.direction === 'out' ? '-' : first.direction === 'in' ? '+' : ''
  const what = first.nft
    ? first.nft.name
    : `${sign}${formatQuantity(first.quantity.numeric, locale)} ${first.fungible?.symbol ?? ''}`.trim()
  // A swap shows what was paid and what came back.
  const received =
    transaction.metadata.operationType === 'trade' && rest.length === 1 && rest[0]!.fungible && rest[0]!.direction === 'in'
      ? rest[0]!
      : undefined
  if (received) return `${what} → +${formatQuantity(received.quantity.numeric, locale)} ${received.fungible!.symbol}`
  return rest.length > 0 ? `${what} ${t('activity.moreTransfers', { n: rest.length })}` : what
}
