import { describe, expect, it } from 'vitest'

import type { TransactionTransfer } from '../../kernel/services/blockchainApi.js'
import { transaction } from '../../test/memoryBlockchainApi.js'
import { activityReducer, groupByMonth, INITIAL_ACTIVITY, isSpamTransaction, visibleTransactions } from './activityList.js'

const fungible = (isSpam: boolean): TransactionTransfer => ({ quantity: { numeric: '1' }, fungible: { name: 'T', symbol: 'T', isSpam } })
const nft = (isSpam: boolean): TransactionTransfer => ({ quantity: { numeric: '1' }, nft: { name: 'N', isSpam } })

describe('isSpamTransaction', () => {
  it('behavior: spam only when every transfer is flagged (§5)', () => {
    expect(isSpamTransaction(transaction('a', '2026-01-01T00:00:00Z', { transfers: [fungible(true), nft(true)] }))).toBe(true)
    expect(isSpamTransaction(transaction('b', '2026-01-01T00:00:00Z', { transfers: [fungible(true), fungible(false)] }))).toBe(false)
    expect(isSpamTransaction(transaction('c', '2026-01-01T00:00:00Z', { transfers: [] }))).toBe(false)
  })
})

describe('visibleTransactions', () => {
  it('behavior: the connected chain only, spam hidden, newest first (§5)', () => {
    const list = [
      transaction('old', '2026-01-01T00:00:00Z'),
      transaction('other-chain', '2026-03-01T00:00:00Z', { chain: 'eip155:10' }),
      transaction('spam', '2026-03-02T00:00:00Z', { transfers: [nft(true)] }),
      transaction('new', '2026-02-01T00:00:00Z'),
    ]
    expect(visibleTransactions(list, 'eip155:1').map((entry) => entry.id)).toEqual(['new', 'old'])
  })
})

describe('groupByMonth', () => {
  it('behavior: grouped by year and month, newest first (§5)', () => {
    const groups = groupByMonth([
      transaction('dec-2025', '2025-12-31T23:59:59Z'),
      transaction('jan-2026-early', '2026-01-01T00:00:00Z'),
      transaction('dec-2026', '2026-12-05T10:00:00Z'),
      transaction('jan-2026-late', '2026-01-20T00:00:00Z'),
    ])
    expect(groups.map((group) => [group.key, group.transactions.map((entry) => entry.id)])).toEqual([
      ['2026-12', ['dec-2026']],
      ['2026-01', ['jan-2026-late', 'jan-2026-early']],
      ['2025-12', ['dec-2025']],
    ])
    expect(groups[1]).toMatchObject({ year: 2026, month: 1 })
  })

  it('behavior: nothing gives no groups', () => {
    expect(groupByMonth([])).toEqual([])
  })
})

describe('activityReducer', () => {
  const first = { data: [transaction('1', '2026-02-01T00:00:00Z'), transaction('2', '2026-01-01T00:00:00Z')], next: 'c1' }

  it('behavior: pages append, a repeated transaction is kept once, the last page has no cursor', () => {
    let state = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(state).toMatchObject({ status: 'ready', next: 'c1', loadingMore: false })
    state = activityReducer(state, { type: 'more-requested' })
    expect(state.loadingMore).toBe(true)
    state = activityReducer(state, { type: 'page-loaded', page: { data: [transaction('2', '2026-01-01T00:00:00Z'), transaction('3', '2025-12-01T00:00:00Z')] } })
    expect(state.transactions.map((entry) => entry.id)).toEqual(['1', '2', '3'])
    expect(state.next).toBeUndefined()
    expect(activityReducer(state, { type: 'more-requested' })).toBe(state)
  })

  it('behavior: a failure marks the list empty and clears the cursor (§8)', () => {
    const loaded = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(activityReducer(loaded, { type: 'load-failed' })).toEqual({ status: 'error', transactions: [], next: undefined, loadingMore: false })
  })

  it('behavior: reset starts loading again', () => {
    const loaded = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(activityReducer(loaded, { type: 'reset' })).toBe(INITIAL_ACTIVITY)
  })
})
