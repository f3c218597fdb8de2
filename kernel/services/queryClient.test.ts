import { QueryClient } from '@tanstack/query-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { fetchKernelQuery, type KernelQuery } from './kernelQuery.js'
import { observeKernelQuery, queryClientOf } from './queryClient.js'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

/** A query whose answers count up, and that fails while `failing` is set. */
function counter(overrides: Partial<KernelQuery<number>> = {}) {
  const state = { calls: 0, failing: false }
  const query: KernelQuery<number> = {
    key: ['counter'],
    staleTime: 30_000,
    load: async () => {
      state.calls++
      if (state.failing) throw new Error('down')
      return state.calls
    },
    ...overrides,
  }
  return { state, query }
}

describe('the kernel query client', () => {
  it('one client per kernel, made on first use, under the foyer prefix', async () => {
    const kernel = testKernel()
    const { query } = counter()
    await expect(fetchKernelQuery(kernel, query)).resolves.toBe(1)
    expect(queryClientOf(kernel)).toBe(queryClientOf(kernel))
    expect(queryClientOf(kernel)).not.toBe(queryClientOf(testKernel()))
    expect(queryClientOf(kernel).getQueryData(['foyer', 'counter'])).toBe(1)
  })

  it("the host's client is used; destroying the kernel removes Foyer's queries, not the host's", async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['host', 'todos'], ['write tests'])
    const kernel = testKernel({ queryClient })
    await fetchKernelQuery(kernel, counter().query)
    expect(queryClientOf(kernel)).toBe(queryClient)
    expect(queryClient.getQueryData(['foyer', 'counter'])).toBe(1)
    await kernel.destroy()
    expect(queryClient.getQueryData(['foyer', 'counter'])).toBeUndefined()
    expect(queryClient.getQueryData(['host', 'todos'])).toEqual(['write tests'])
  })

  it("'balances:changed' makes only the queries that read balances stale", async () => {
    const kernel = testKernel()
    const balance = counter({ key: ['balance'], readsBalances: true })
    const name = counter({ key: ['name'] })
    await fetchKernelQuery(kernel, balance.query)
    await fetchKernelQuery(kernel, name.query)
    kernel.bus.emit('balances:changed', {})
    await expect(fetchKernelQuery(kernel, balance.query)).resolves.toBe(2)
    await expect(fetchKernelQuery(kernel, name.query)).resolves.toBe(1)
  })

  it('fresh for staleTime (rules §9), then loaded again', async () => {
    const kernel = testKernel()
    const { query, state } = counter()
    await fetchKernelQuery(kernel, query)
    vi.advanceTimersByTime(29_999)
    await expect(fetchKernelQuery(kernel, query)).resolves.toBe(1)
    vi.advanceTimersByTime(1)
    await expect(fetchKernelQuery(kernel, query)).resolves.toBe(2)
    expect(state.calls).toBe(2)
  })

  it('within failureWait a failure answers without loading (rules §5); after it, loads again', async () => {
    const kernel = testKernel()
    const { query, state } = counter({ failureWait: 30_000 })
    state.failing = true
    await expect(fetchKernelQuery(kernel, query)).rejects.toThrow('down')
    state.failing = false
    vi.advanceTimersByTime(29_999)
    await expect(fetchKernelQuery(kernel, query)).rejects.toThrow('down')
    expect(observeKernelQuery(kernel, query).getCurrentResult()).toMatchObject({ status: 'error', error: { message: 'down' } })
    expect(state.calls).toBe(1)
    vi.advanceTimersByTime(1)
    await expect(fetchKernelQuery(kernel, query)).resolves.toBe(2)
  })

  it('an observer within the wait stays idle; a later one loads', async () => {
    const kernel = testKernel()
    const { query, state } = counter({ failureWait: 30_000 })
    state.failing = true
    await fetchKernelQuery(kernel, query).catch(() => {})
    const blocked = observeKernelQuery(kernel, query)
    blocked.subscribe(() => {})()
    expect(state.calls).toBe(1)
    vi.advanceTimersByTime(30_000)
    state.failing = false
    const later = observeKernelQuery(kernel, query)
    const unsubscribe = later.subscribe(() => {})
    await vi.waitFor(() => expect(later.getCurrentResult()).toMatchObject({ status: 'success', data: 2 }))
    unsubscribe()
  })

  it('without failureWait a failure is not kept: the next read loads', async () => {
    const kernel = testKernel()
    const { query, state } = counter()
    state.failing = true
    await expect(fetchKernelQuery(kernel, query)).rejects.toThrow('down')
    state.failing = false
    await expect(fetchKernelQuery(kernel, query)).resolves.toBe(2)
  })

  it('failures are not retried behind the caller’s back, even with a host client that retries', async () => {
    const kernel = testKernel({ queryClient: new QueryClient({ defaultOptions: { queries: { retry: 3 } } }) })
    const { query, state } = counter()
    state.failing = true
    await expect(fetchKernelQuery(kernel, query)).rejects.toThrow('down')
    expect(state.calls).toBe(1)
  })

  it('createKernel refuses a queryClient that is not one', () => {
    expect(() => testKernel({ queryClient: {} as QueryClient })).toThrow('`queryClient`: must be a QueryClient from @tanstack/query-core')
  })
})
