// The Activity list's rules (rules §5) as pure functions: spam hidden, the connected chain only, grouped by
// year and month, newest first, and the paging state.
import type { HistoryPage, Transaction } from 'foyer/query'
import type { PendingTransaction } from './index.js'

/** rules §5: spam when every transfer is flagged spam (a transaction that moved nothing is not). */
export function isSpamTransaction(transaction: Transaction): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((transfer) => transfer.fungible?.isSpam === true || transfer.nft?.isSpam === true)
}

/** rules §5: the transactions of the connected chain, spam left out, newest first. */
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
 * rules §5: grouped by year and month, newest month first, each newest first. Months are UTC months, the
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
  /** The first page read again while a sent transaction waits to be listed. */
  | { type: 'first-page-refreshed'; page: HistoryPage }
  | { type: 'load-failed' }

export const INITIAL_ACTIVITY: ActivityState = { status: 'loading', transactions: [], loadingMore: false }

/** The paging state's one way to change (style 7). */
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
    case 'first-page-refreshed': {
      // Newly listed transactions go on top; the pages already loaded, and where paging goes on, stay.
      if (state.status !== 'ready') return state
      const known = new Set(action.page.data.map((transaction) => transaction.id))
      const kept = state.transactions.filter((transaction) => !known.has(transaction.id))
      return { ...state, transactions: [...action.page.data, ...kept] }
    }
    case 'load-failed':
      // rules §8: the list is marked empty and the cursor cleared.
      return { status: 'error', transactions: [], next: undefined, loadingMore: false }
  }
}

/** Hashes and addresses compared as the chain writes them: hex (EVM) in any case, anything else (base58) exactly. */
function same(a: string, b: string): boolean {
  return a === b || (a.startsWith('0x') && a.toLowerCase() === b.toLowerCase())
}

/** True when `transactions` has the one with `hash`. */
function isListed(hash: string, transactions: readonly Transaction[]): boolean {
  return transactions.some((transaction) => transaction.metadata.hash !== undefined && same(transaction.metadata.hash, hash))
}

/** The pending transactions `account` sent on `chainId` that `transactions` (the service's pages) do not list yet. */
export function unlistedPending(
  pending: readonly PendingTransaction[],
  transactions: readonly Transaction[],
  { account, chainId }: { account: string; chainId: string },
): PendingTransaction[] {
  return pending.filter((sent) => sent.networkId === chainId && same(sent.from, account) && !isListed(sent.hash, transactions))
}

/** `pending` without what `transactions` lists; the same array when nothing is listed yet. */
export function withoutListed(pending: readonly PendingTransaction[], transactions: readonly Transaction[]): readonly PendingTransaction[] {
  const left = pending.filter((sent) => !isListed(sent.hash, transactions))
  return left.length === pending.length ? pending : left
}

/** Until when (ms since the epoch) the first page is read again for `waiting`: `window` after the latest send. */
export function refreshUntil(waiting: readonly PendingTransaction[], window: number): number {
  return waiting.reduce((latest, sent) => Math.max(latest, sent.sentAt + window), 0)
}

/** A pending transaction as a row of the list: status 'pending', dated when it was sent. */
export function pendingAsTransaction(sent: PendingTransaction): Transaction {
  return {
    id: `pending:${sent.hash}`,
    metadata: {
      minedAt: new Date(sent.sentAt).toISOString(),
      chain: sent.networkId,
      operationType: sent.operationType,
      status: 'pending',
      sentFrom: sent.from,
      ...(sent.to ? { sentTo: sent.to } : {}),
      hash: sent.hash,
    },
    transfers: sent.transfers.map(({ direction, symbol, numeric }) => ({
      direction,
      quantity: { numeric },
      fungible: { name: symbol, symbol, isSpam: false },
    })),
  }
}
