// The Activity list's rules (§5) as pure functions: spam hidden, the connected chain only, grouped by
// year and month, newest first, and the paging state.
import type { HistoryPage, Transaction } from '../../kernel/services/blockchainApi.js'

/** §5: spam when every transfer is flagged spam (a transaction that moved nothing is not). */
export function isSpamTransaction(transaction: Transaction): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((transfer) => transfer.fungible?.isSpam === true || transfer.nft?.isSpam === true)
}

/** §5: the transactions of the connected chain, spam left out, newest first. */
export function visibleTransactions(transactions: readonly Transaction[], chainId: string): Transaction[] {
  return transactions
    .filter((transaction) => transaction.metadata.chain === chainId && !isSpamTransaction(transaction))
    .sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
}

export interface MonthGroup {
  /** `YYYY-MM` */
  key: string
  year: number
  /** 1-12 */
  month: number
  transactions: Transaction[]
}

/**
 * §5: grouped by year and month, newest month first, each newest first. Months are UTC months, the
 * calendar the service's `minedAt` is written in, so a list reads the same wherever it is shown.
 */
export function groupByMonth(transactions: readonly Transaction[]): MonthGroup[] {
  const groups = new Map<string, MonthGroup>()
  const sorted = [...transactions].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  for (const transaction of sorted) {
    const date = new Date(transaction.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth() + 1
    const key = `${year}-${String(month).padStart(2, '0')}`
    const group = groups.get(key) ?? { key, year, month, transactions: [] }
    group.transactions.push(transaction)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** The Activity list while it pages through the history. */
export interface ActivityState {
  status: 'loading' | 'ready' | 'error'
  /** Every page loaded so far, as the service sent them. */
  transactions: Transaction[]
  /** The cursor of the next page; absent on the last page and after a failure. */
  next?: string
  /** A further page is being loaded. */
  loadingMore: boolean
}

export type ActivityAction =
  | { type: 'reset' }
  | { type: 'more-requested' }
  | { type: 'page-loaded'; page: HistoryPage }
  | { type: 'load-failed' }

export const INITIAL_ACTIVITY: ActivityState = { status: 'loading', transactions: [], loadingMore: false }

/** The paging state's one way to change (STYLE 7). */
export function activityReducer(state: ActivityState, action: ActivityAction): ActivityState {
  switch (action.type) {
    case 'reset':
      return INITIAL_ACTIVITY
    case 'more-requested':
      return state.next ? { ...state, loadingMore: true } : state
    case 'page-loaded': {
      // A page may repeat a transaction the last one ended with; keep the first copy.
      const known = new Set(state.transactions.map((transaction) => transaction.id))
      const added = action.page.data.filter((transaction) => !known.has(transaction.id))
      return { status: 'ready', transactions: [...state.transactions, ...added], next: action.page.next, loadingMore: false }
    }
    case 'load-failed':
      // §8: the list is marked empty and the cursor cleared.
      return { status: 'error', transactions: [], next: undefined, loadingMore: false }
  }
}
