import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { BlockchainApiToken } from 'foyer/query'
import { TOAST_AUTO_CLOSE_MS } from 'foyer'
import { testKernel } from '../../test/fixtures.js'
import { memoryBlockchainApi, transaction } from '../../test/memoryBlockchainApi.js'
import { activity } from './index.js'
import { loadActivityPage, refreshActivityPage } from './loadActivityPage.js'

const account = '0x1111111111111111111111111111111111111111'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function setup(options: Parameters<typeof memoryBlockchainApi>[0] = {}) {
  const api = memoryBlockchainApi(options)
  const kernel = testKernel({ plugins: [activity()] })
  kernel.container.provide(BlockchainApiToken, api)
  return { api, kernel }
}

describe('loadActivityPage', () => {
  it('asks for the connected chain, page by page', async () => {
    const transactions = Array.from({ length: 3 }, (_, index) => transaction(String(index), `2026-01-0${3 - index}T00:00:00Z`))
    const { api, kernel } = setup({ transactions, pageSize: 2 })
    const first = await loadActivityPage(kernel, { account, chainId: 'eip155:1' })
    expect(first.data.map((entry) => entry.id)).toEqual(['0', '1'])
    const second = await loadActivityPage(kernel, { account, chainId: 'eip155:1', cursor: first.next })
    expect(second).toEqual({ data: [transactions[2]] })
    expect(api.calls.history).toEqual([
      { account, chainId: 'eip155:1', cursor: undefined },
      { account, chainId: 'eip155:1', cursor: '2' },
    ])
  })

  it("a failure shows 'Failed to fetch transactions' and emits activity:fetch-failed (rules §8)", async () => {
    const { kernel } = setup({ failWith: 500 })
    const failed = vi.fn()
    kernel.bus.on('activity:fetch-failed', failed)
    await expect(loadActivityPage(kernel, { account, chainId: 'eip155:1', cursor: 'c1' })).rejects.toThrow('HTTP status code: 500')
    expect(kernel.store.getState().toast).toMatchObject({ open: true, variant: 'error', message: 'Failed to fetch transactions' })
    expect(failed).toHaveBeenCalledWith({ chainId: 'eip155:1', cursor: 'c1', message: 'HTTP status code: 500' })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS)
    expect(kernel.store.getState().toast.open).toBe(false)
  })

  it('without a configured service the history is empty', async () => {
    await expect(loadActivityPage(testKernel({ plugins: [activity()] }), { account, chainId: 'eip155:1' })).resolves.toEqual({ data: [] })
  })

  it('the refresh reads the first page past the cache, where a read that raced the indexer sits for 30 s (rules §9)', async () => {
    const transactions = [transaction('old', '2026-01-01T00:00:00Z')]
    const { api, kernel } = setup({ transactions })
    await loadActivityPage(kernel, { account, chainId: 'eip155:1' })
    // The service indexes the new block after that read; the cached answer stays fresh for 30 s.
    transactions.unshift(transaction('new', '2026-01-02T00:00:00Z', { hash: `0x${'1'.repeat(64)}` }))
    expect((await loadActivityPage(kernel, { account, chainId: 'eip155:1' })).data.map((entry) => entry.id)).toEqual(['old'])
    expect((await refreshActivityPage(kernel, { account, chainId: 'eip155:1' })).data.map((entry) => entry.id)).toEqual(['new', 'old'])
    expect(api.calls.history).toHaveLength(2)
    // And the cache now holds the fresh page.
    expect((await loadActivityPage(kernel, { account, chainId: 'eip155:1' })).data.map((entry) => entry.id)).toEqual(['new', 'old'])
    expect(api.calls.history).toHaveLength(2)
  })

  it('a refresh that fails rejects without the toast (the tab tries again)', async () => {
    const { kernel } = setup({ failWith: 503 })
    await expect(refreshActivityPage(kernel, { account, chainId: 'eip155:1' })).rejects.toThrow('HTTP status code: 503')
    expect(kernel.store.getState().toast.open).toBe(false)
  })
})
