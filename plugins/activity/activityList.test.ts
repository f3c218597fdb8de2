import { describe, expect, it } from 'vitest'

import type { TransactionTransfer } from 'foyer/query'
import { transaction } from '../../test/memoryBlockchainApi.js'
import {
  activityReducer,
  groupByMonth,
  INITIAL_ACTIVITY,
  isSpamTransaction,
  pendingAsTransaction,
  refreshUntil,
  unlistedPending,
  visibleTransactions,
  withoutListed,
} from './activityList.js'
import type { PendingTransaction } from './index.js'

const fungible = (isSpam: boolean): TransactionTransfer => ({ quantity: { numeric: '1' }, fungible: { name: 'T', symbol: 'T', isSpam } })
const nft = (isSpam: boolean): TransactionTransfer => ({ quantity: { numeric: '1' }, nft: { name: 'N', isSpam } })

describe('isSpamTransaction', () => {
  it('spam only when every transfer is flagged (rules §5)', () => {
    expect(isSpamTransaction(transaction('a', '2026-01-01T00:00:00Z', { transfers: [fungible(true), nft(true)] }))).toBe(true)
    expect(isSpamTransaction(transaction('b', '2026-01-01T00:00:00Z', { transfers: [fungible(true), fungible(false)] }))).toBe(false)
    expect(isSpamTransaction(transaction('c', '2026-01-01T00:00:00Z', { transfers: [] }))).toBe(false)
  })
})

describe('visibleTransactions', () => {
  it('the connected chain only, spam hidden, newest first (rules §5)', () => {
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
  it('grouped by year and month, newest first (rules §5)', () => {
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

  it('nothing gives no groups', () => {
    expect(groupByMonth([])).toEqual([])
  })
})

describe('activityReducer', () => {
  const first = { data: [transaction('1', '2026-02-01T00:00:00Z'), transaction('2', '2026-01-01T00:00:00Z')], next: 'c1' }

  it('pages append, a repeated transaction is kept once, the last page has no cursor', () => {
    let state = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(state).toMatchObject({ status: 'ready', next: 'c1', loadingMore: false })
    state = activityReducer(state, { type: 'more-requested' })
    expect(state.loadingMore).toBe(true)
    state = activityReducer(state, {
      type: 'page-loaded',
      page: { data: [transaction('2', '2026-01-01T00:00:00Z'), transaction('3', '2025-12-01T00:00:00Z')] },
    })
    expect(state.transactions.map((entry) => entry.id)).toEqual(['1', '2', '3'])
    expect(state.next).toBeUndefined()
    expect(activityReducer(state, { type: 'more-requested' })).toBe(state)
  })

  it('a failure marks the list empty and clears the cursor (rules §8)', () => {
    const loaded = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(activityReducer(loaded, { type: 'load-failed' })).toEqual({
      status: 'error',
      transactions: [],
      next: undefined,
      loadingMore: false,
    })
  })

  it('reset starts loading again', () => {
    const loaded = activityReducer(INITIAL_ACTIVITY, { type: 'page-loaded', page: first })
    expect(activityReducer(loaded, { type: 'reset' })).toBe(INITIAL_ACTIVITY)
  })
})

const ALICE = '0xAbCdEf0000000000000000000000000000000001'
const HASH = `0x${'ab'.repeat(32)}`
const pending = (hash: string, overrides: Partial<PendingTransaction> = {}): PendingTransaction => ({
  hash,
  networkId: 'eip155:1',
  from: ALICE,
  to: '0x2222222222222222222222222222222222222222',
  operationType: 'send',
  transfers: [{ direction: 'out', symbol: 'ETH', numeric: '0.5' }],
  sentAt: Date.UTC(2026, 10, 24, 9, 30),
  ...overrides,
})

describe('pending transactions', () => {
  it("the account's, on the connected chain, that the service does not list yet", () => {
    const list = [
      pending(HASH),
      pending('0xother-chain', { networkId: 'eip155:10' }),
      pending('0xother-account', { from: '0x3333333333333333333333333333333333333333' }),
      pending('0xlisted'),
    ]
    const listed = [transaction('t', '2026-11-24T09:31:00Z', { hash: '0xLISTED' })]
    // EVM addresses and hashes in any case.
    expect(unlistedPending(list, listed, { account: ALICE.toLowerCase(), chainId: 'eip155:1' }).map((entry) => entry.hash)).toEqual([HASH])
  })

  it('a Solana signature (base58) is compared exactly', () => {
    const solana = { networkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const, from: 'So1anaAccount1111111111111111111111111111111' }
    const list = [pending('5xSig', solana)]
    const chain = { account: solana.from, chainId: solana.networkId }
    expect(unlistedPending(list, [transaction('t', '2026-11-24T09:31:00Z', { hash: '5XSIG' })], chain)).toHaveLength(1)
    expect(unlistedPending(list, [transaction('t', '2026-11-24T09:31:00Z', { hash: '5xSig' })], chain)).toHaveLength(0)
  })

  it('once listed it is forgotten; with nothing listed the list stays the same object', () => {
    const list = [pending(HASH), pending('0xb')]
    expect(withoutListed(list, [transaction('t', '2026-11-24T09:31:00Z', { hash: '0xB' })])).toEqual([list[0]])
    expect(withoutListed(list, [transaction('t', '2026-11-24T09:31:00Z')])).toBe(list)
  })

  it("shown as a row of its own: status 'pending', dated when sent, what it moved", () => {
    expect(pendingAsTransaction(pending(HASH))).toEqual({
      id: `pending:${HASH}`,
      metadata: {
        minedAt: '2026-11-24T09:30:00.000Z',
        chain: 'eip155:1',
        operationType: 'send',
        status: 'pending',
        sentFrom: ALICE,
        sentTo: '0x2222222222222222222222222222222222222222',
        hash: HASH,
      },
      transfers: [{ direction: 'out', quantity: { numeric: '0.5' }, fungible: { name: 'ETH', symbol: 'ETH', isSpam: false } }],
    })
  })
})

describe('refreshUntil', () => {
  it('the window after the latest send; nothing waiting, never', () => {
    const at = (sentAt: number) => pending(`0x${sentAt}`, { sentAt })
    expect(refreshUntil([at(5_000), at(9_000), at(1_000)], 120_000)).toBe(129_000)
    expect(refreshUntil([], 120_000)).toBe(0)
  })
})

describe('activityReducer: first-page-refreshed', () => {
  it('what the service now lists goes on top; the loaded pages and the cursor stay', () => {
    const loaded = activityReducer(INITIAL_ACTIVITY, {
      type: 'page-loaded',
      page: { data: [transaction('b', '2026-01-02T00:00:00Z'), transaction('a', '2026-01-01T00:00:00Z')], next: 'c1' },
    })
    const more = activityReducer(loaded, { type: 'page-loaded', page: { data: [transaction('z', '2025-12-01T00:00:00Z')], next: 'c2' } })
    const refreshed = activityReducer(more, {
      type: 'first-page-refreshed',
      page: { data: [transaction('new', '2026-01-03T00:00:00Z'), transaction('b', '2026-01-02T00:00:00Z')], next: 'c1' },
    })
    expect(refreshed.transactions.map((entry) => entry.id)).toEqual(['new', 'b', 'a', 'z'])
    expect(refreshed.next).toBe('c2')
  })

  it('ignored while the first load is under way or after a failure', () => {
    const page = { data: [transaction('new', '2026-01-03T00:00:00Z')] }
    expect(activityReducer(INITIAL_ACTIVITY, { type: 'first-page-refreshed', page })).toBe(INITIAL_ACTIVITY)
    const failed = activityReducer(INITIAL_ACTIVITY, { type: 'load-failed' })
    expect(activityReducer(failed, { type: 'first-page-refreshed', page })).toBe(failed)
  })
})
