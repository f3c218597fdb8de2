import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { memoryBlockchainApi, tokenBalance } from '../../test/memoryBlockchainApi.js'
import { testKernel } from '../../test/fixtures.js'
import { BlockchainApiToken } from '../core/tokens.js'
import { getIdentity, IDENTITY_STALE_MS } from './getIdentity.js'
import { BALANCE_RETRY_WAIT_MS, getTokenBalances, PORTFOLIO_STALE_MS } from './getTokenBalances.js'

const address = '0x1111111111111111111111111111111111111111'
const params = { address, chainId: 'eip155:1' }

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function setup(options: Parameters<typeof memoryBlockchainApi>[0] = {}) {
  const api = memoryBlockchainApi(options)
  const kernel = testKernel()
  kernel.container.provide(BlockchainApiToken, api)
  return { api, kernel }
}

describe('getTokenBalances', () => {
  it('sorted by fiat value, largest first; zero-decimal tokens dropped (rules §5)', async () => {
    const { kernel } = setup({
      balances: [
        tokenBalance('USDC', '10', 1, { quantity: { decimals: 6, numeric: '10' } }),
        tokenBalance('ETH', '1', 3000),
        tokenBalance('POINTS', '500', 1, { quantity: { decimals: 0, numeric: '500' } }),
        tokenBalance('DAI', '20', 1),
      ],
    })
    const balances = await getTokenBalances(kernel, params)
    expect(balances.map((balance) => balance.symbol)).toEqual(['ETH', 'DAI', 'USDC'])
  })

  it('cached for 30 s (rules §9), then asked again', async () => {
    const { kernel, api } = setup({ balances: [tokenBalance('ETH', '1', 3000)] })
    await getTokenBalances(kernel, params)
    vi.advanceTimersByTime(PORTFOLIO_STALE_MS - 1)
    await getTokenBalances(kernel, params)
    expect(api.calls.balances).toBe(1)
    vi.advanceTimersByTime(1)
    await getTokenBalances(kernel, params)
    expect(api.calls.balances).toBe(2)
    expect(PORTFOLIO_STALE_MS).toBe(30_000)
  })

  it("'balances:changed' makes the cached list stale: the next read asks again", async () => {
    const { kernel, api } = setup({ balances: [tokenBalance('ETH', '1', 3000)] })
    await getTokenBalances(kernel, params)
    kernel.bus.emit('balances:changed', {})
    await getTokenBalances(kernel, params)
    expect(api.calls.balances).toBe(2)
  })

  it('a failure shows the Token Balance Unavailable toast and blocks retries for 30 s (rules §5, §8)', async () => {
    const { kernel, api } = setup({ failWith: 500 })
    await expect(getTokenBalances(kernel, params)).rejects.toMatchObject({
      name: 'TokenBalanceUnavailableError',
      shortMessage: 'Token Balance Unavailable',
    })
    expect(kernel.store.getState().toast).toMatchObject({ open: true, variant: 'error', message: 'Token Balance Unavailable' })
    expect(api.calls.balances).toBe(1)

    api.state.failWith = undefined
    vi.advanceTimersByTime(BALANCE_RETRY_WAIT_MS - 1)
    await expect(getTokenBalances(kernel, params)).rejects.toThrow('Token Balance Unavailable')
    expect(api.calls.balances).toBe(1)

    vi.advanceTimersByTime(1)
    await expect(getTokenBalances(kernel, params)).resolves.toEqual([])
    expect(api.calls.balances).toBe(2)
    expect(BALANCE_RETRY_WAIT_MS).toBe(30_000)
  })

  it('an unsupported network is unavailable, without a balance call (rules §7, §8)', async () => {
    const { kernel, api } = setup({ chains: ['eip155:1'] })
    await expect(getTokenBalances(kernel, { address, chainId: 'eip155:999' })).rejects.toThrow('Token Balance Unavailable')
    expect(api.calls.balances).toBe(0)
    expect(kernel.store.getState().toast.message).toBe('Token Balance Unavailable')
  })

  it('without a configured service the list is empty and nothing is asked', async () => {
    await expect(getTokenBalances(testKernel(), params)).resolves.toEqual([])
  })
})

describe('getIdentity', () => {
  it('cached for 5 minutes (rules §9)', async () => {
    const { kernel, api } = setup({ identities: { [address]: { name: 'alice.foyer' } } })
    await expect(getIdentity(kernel, { address })).resolves.toEqual({ name: 'alice.foyer' })
    vi.advanceTimersByTime(IDENTITY_STALE_MS - 1)
    await getIdentity(kernel, { address })
    expect(api.calls.identity).toBe(1)
    vi.advanceTimersByTime(1)
    await getIdentity(kernel, { address })
    expect(api.calls.identity).toBe(2)
    expect(IDENTITY_STALE_MS).toBe(300_000)
  })
})
