import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { getNativeBalance, NATIVE_BALANCE_TTL_MS } from '../actions/getNativeBalance.js'
import { getIdentity, IDENTITY_STALE_MS } from '../actions/getIdentity.js'
import { IdentityFigure } from '../core/account.js'
import { BlockchainApiToken } from '../core/tokens.js'
import { createMemoryBackend, type StorageBackend } from './storage.js'
import { fetchKernelQuery, type KernelQuery } from './kernelQuery.js'
import { persistedKey, readPersisted } from './queryCache.js'
import type { BlockchainApi } from './blockchainApi.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})

afterEach(() => {
  vi.useRealTimers()
})

const address = testAddresses.eip155[0]
const balanceParams = { namespace: 'eip155', address, networkId: testNetwork.caipNetworkId }

/** Two kernels over one storage backend: a page, then the same page reloaded. */
function pageAndReload(chainOptions: Parameters<typeof testChain>[0] = {}) {
  const storage = createMemoryBackend()
  const chain = testChain(chainOptions)
  const open = () => testKernel({ plugins: [chain], storage })
  return { storage, chain, open }
}

/** A persisted query over a counter, to see when it asks. */
function counted(key: readonly unknown[] = ['figure']) {
  const state = { calls: 0 }
  const query: KernelQuery<{ count: number }> = {
    key,
    staleTime: 30_000,
    persist: v.object({ count: v.number() }),
    load: async () => ({ count: ++state.calls }),
  }
  return { state, query }
}

/** The backend key the kernel keeps the query `key` under. */
const backendKey = (kernel: { options: { projectId?: string } }, key: readonly unknown[]) =>
  `foyer:${kernel.options.projectId}:${persistedKey(key)}`

describe('caches kept in storage (rules §3, §9 lifetimes)', () => {
  it('a reload shows the last native balance at once, without asking the chain while it is fresh', async () => {
    const { chain, open } = pageAndReload({ balance: 1_500_000_000_000_000_000n })
    await expect(getNativeBalance(open(), balanceParams)).resolves.toEqual({ formatted: '1.5', symbol: 'TETH' })
    expect(chain.wallet.calls.getBalance).toBe(1)

    vi.advanceTimersByTime(NATIVE_BALANCE_TTL_MS - 1)
    chain.wallet.balance = 0n
    await expect(getNativeBalance(open(), balanceParams)).resolves.toEqual({ formatted: '1.5', symbol: 'TETH' })
    expect(chain.wallet.calls.getBalance).toBe(1)
  })

  it('a kept answer older than its lifetime is asked for again, and the new one kept', async () => {
    const { chain, open } = pageAndReload()
    await getNativeBalance(open(), balanceParams)
    vi.advanceTimersByTime(NATIVE_BALANCE_TTL_MS)
    chain.wallet.balance = 2_000_000_000_000_000_000n
    const reloaded = open()
    await expect(getNativeBalance(reloaded, balanceParams)).resolves.toMatchObject({ formatted: '2' })
    expect(chain.wallet.calls.getBalance).toBe(2)
    expect(readPersisted(reloaded, { key: ['native-balance', testNetwork.caipNetworkId, address], persist: v.unknown() })).toEqual({
      at: Date.now(),
      data: { formatted: '2', symbol: 'TETH' },
    })
  })

  it('an identity is kept 5 minutes across reloads', async () => {
    const storage = createMemoryBackend()
    let asked = 0
    const api = { getIdentity: async () => ({ name: `alice-${++asked}.foyer.id` }) } as unknown as BlockchainApi
    const open = () => {
      const kernel = testKernel({ storage })
      kernel.container.provide(BlockchainApiToken, api)
      return kernel
    }
    await expect(getIdentity(open(), { address })).resolves.toEqual({ name: 'alice-1.foyer.id' })
    vi.advanceTimersByTime(IDENTITY_STALE_MS - 1)
    await expect(getIdentity(open(), { address })).resolves.toEqual({ name: 'alice-1.foyer.id' })
    vi.advanceTimersByTime(1)
    await expect(getIdentity(open(), { address })).resolves.toEqual({ name: 'alice-2.foyer.id' })
    expect(asked).toBe(2)
  })

  it('garbage in storage is dropped and the answer asked for: never a crash, never shown', async () => {
    for (const garbage of [
      '{not json',
      'null',
      '{"at":"yesterday","data":{"count":7}}',
      '{"at":1,"data":{"count":"seven"}}',
      '{"data":{"count":7}}',
      // Written in the future: a clock set back must not keep it fresh for longer.
      JSON.stringify({ at: Date.now() + 60_000, data: { count: 7 } }),
    ]) {
      const storage = createMemoryBackend()
      const kernel = testKernel({ storage })
      const { state, query } = counted()
      storage.setItem(backendKey(kernel, query.key), garbage)
      await expect(fetchKernelQuery(kernel, query)).resolves.toEqual({ count: 1 })
      expect([garbage, state.calls]).toEqual([garbage, 1])
    }
  })

  it('an avatar that is not a safe image URL in storage is not shown (the schema drops the entry)', () => {
    const storage = createMemoryBackend()
    const kernel = testKernel({ storage })
    const key = ['identity', address.toLowerCase()]
    storage.setItem(backendKey(kernel, key), JSON.stringify({ at: Date.now(), data: { name: 'mallory', avatar: 'javascript:alert(1)' } }))
    expect(readPersisted(kernel, { key, persist: IdentityFigure })).toBeUndefined()
  })

  it("'balances:changed' forgets the kept balances: a reload after a transfer asks again", async () => {
    const { chain, open } = pageAndReload()
    const kernel = open()
    await getNativeBalance(kernel, balanceParams)
    kernel.bus.emit('balances:changed', {})
    chain.wallet.balance = 0n
    await expect(getNativeBalance(open(), balanceParams)).resolves.toMatchObject({ formatted: '0' })
    expect(chain.wallet.calls.getBalance).toBe(2)
  })

  it("a balance a reload showed from storage is forgotten by 'balances:changed' in that page too", async () => {
    const { storage, open } = pageAndReload()
    await getNativeBalance(open(), balanceParams)
    const reloaded = open()
    const key = { key: ['native-balance', testNetwork.caipNetworkId, address], persist: v.unknown(), readsBalances: true }
    expect(readPersisted(reloaded, key)).toBeDefined()
    reloaded.bus.emit('balances:changed', {})
    expect(storage.getItem(backendKey(reloaded, key.key))).toBeNull()
  })

  it('a storage that refuses every write still answers (the figures are simply not kept)', async () => {
    const refusing: StorageBackend = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    const kernel = testKernel({ storage: refusing })
    const { query } = counted()
    await expect(fetchKernelQuery(kernel, query)).resolves.toEqual({ count: 1 })
    expect(readPersisted(kernel, query)).toBeUndefined()
  })
})
