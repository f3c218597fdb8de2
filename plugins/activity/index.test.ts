import { afterEach, describe, expect, it, vi } from 'vitest'

import type { SentTransaction } from 'foyer'
import { testKernel } from '../../test/fixtures.js'
import { activity, PENDING_TRANSACTIONS_LIMIT } from './index.js'

const sent = (hash: string, overrides: Partial<SentTransaction> = {}): SentTransaction => ({
  hash,
  networkId: 'eip155:1',
  from: '0x1111111111111111111111111111111111111111',
  to: '0x2222222222222222222222222222222222222222',
  operationType: 'send',
  transfers: [{ direction: 'out', symbol: 'ETH', numeric: '0.5' }],
  ...overrides,
})

afterEach(() => {
  vi.useRealTimers()
})

describe('activity: pending transactions', () => {
  it("a 'transaction:sent' is kept as pending at once, newest first, with when it was sent", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 9) })
    const kernel = testKernel({ plugins: [activity()] })
    kernel.bus.emit('transaction:sent', sent('0xa'))
    vi.advanceTimersByTime(1_000)
    kernel.bus.emit('transaction:sent', sent('0xb', { operationType: 'trade' }))
    expect(kernel.store.getState().activity.pending).toEqual([
      { ...sent('0xb', { operationType: 'trade' }), sentAt: Date.UTC(2026, 10, 24, 9) + 1_000 },
      { ...sent('0xa'), sentAt: Date.UTC(2026, 10, 24, 9) },
    ])
  })

  it('the same hash announced twice is kept once, as the newer announcement', () => {
    const kernel = testKernel({ plugins: [activity()] })
    kernel.bus.emit('transaction:sent', sent('0xa'))
    kernel.bus.emit('transaction:sent', sent('0xb'))
    kernel.bus.emit('transaction:sent', sent('0xa', { transfers: [] }))
    expect(kernel.store.getState().activity.pending.map(({ hash, transfers }) => [hash, transfers.length])).toEqual([
      ['0xa', 0],
      ['0xb', 1],
    ])
  })

  it('rules §9: at most 99 kept; the oldest goes first', () => {
    expect(PENDING_TRANSACTIONS_LIMIT).toBe(99)
    const kernel = testKernel({ plugins: [activity()] })
    for (let index = 0; index < 101; index++) kernel.bus.emit('transaction:sent', sent(`0x${index.toString(16)}`))
    const { pending } = kernel.store.getState().activity
    expect(pending).toHaveLength(99)
    expect(pending[0]!.hash).toBe('0x64')
    expect(pending.at(-1)!.hash).toBe('0x2')
  })

  it('the kernel torn down, nothing is listened to or kept', async () => {
    const kernel = testKernel({ plugins: [activity()] })
    kernel.bus.emit('transaction:sent', sent('0xa'))
    await kernel.destroy()
    expect('activity' in kernel.store.getState()).toBe(false)
    expect(() => kernel.bus.emit('transaction:sent', sent('0xb'))).not.toThrow()
  })
})
