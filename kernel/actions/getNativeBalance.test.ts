import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { testAddresses, testChain, testKernel, testNetwork, testNetworkB } from '../../test/fixtures.js'
import { getNativeBalance, NATIVE_BALANCE_TTL_MS } from './getNativeBalance.js'

const address = testAddresses.eip155[0]
const params = { namespace: 'eip155', address, networkId: testNetwork.caipNetworkId }

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function setup(options: Parameters<typeof testChain>[0] = {}) {
  const chain = testChain(options)
  return { chain, kernel: testKernel({ plugins: [chain] }) }
}

describe('getNativeBalance', () => {
  it('reads through the balance capability, formatted to 3 decimals', async () => {
    const { kernel, chain } = setup({ balance: 1_234_567_890_000_000_000n })
    await expect(getNativeBalance(kernel, params)).resolves.toEqual({ formatted: '1.234', symbol: 'TETH' })
    expect(chain.wallet.calls.getBalance).toBe(1)
  })

  it('is cached for 30 s, then read again', async () => {
    const { kernel, chain } = setup()
    await getNativeBalance(kernel, params)
    vi.advanceTimersByTime(NATIVE_BALANCE_TTL_MS - 1)
    chain.wallet.balance = 0n
    await expect(getNativeBalance(kernel, params)).resolves.toMatchObject({ formatted: '1.5' })
    expect(chain.wallet.calls.getBalance).toBe(1)
    vi.advanceTimersByTime(1)
    await expect(getNativeBalance(kernel, params)).resolves.toMatchObject({ formatted: '0' })
    expect(chain.wallet.calls.getBalance).toBe(2)
    expect(NATIVE_BALANCE_TTL_MS).toBe(30_000)
  })

  it("'balances:changed' forgets the cache: the next read asks the chain", async () => {
    const { kernel, chain } = setup()
    await getNativeBalance(kernel, params)
    chain.wallet.balance = 0n
    kernel.bus.emit('balances:changed', {})
    await expect(getNativeBalance(kernel, params)).resolves.toMatchObject({ formatted: '0' })
    expect(chain.wallet.calls.getBalance).toBe(2)
  })

  it('the cache is per address and network', async () => {
    const { kernel, chain } = setup()
    await getNativeBalance(kernel, params)
    await getNativeBalance(kernel, { ...params, networkId: testNetworkB.caipNetworkId })
    await getNativeBalance(kernel, { ...params, address: testAddresses.eip155[1] })
    expect(chain.wallet.calls.getBalance).toBe(3)
  })

  it('the cache is per kernel', async () => {
    const chain = testChain()
    await getNativeBalance(testKernel({ plugins: [chain] }), params)
    await getNativeBalance(testKernel({ plugins: [chain] }), params)
    expect(chain.wallet.calls.getBalance).toBe(2)
  })

  it('a failure is not cached', async () => {
    const { kernel, chain } = setup()
    chain.wallet.balanceAnswer = 'fail'
    await expect(getNativeBalance(kernel, params)).rejects.toThrow('The test RPC is down.')
    chain.wallet.balanceAnswer = 'approve'
    await expect(getNativeBalance(kernel, params)).resolves.toMatchObject({ formatted: '1.5' })
    expect(chain.wallet.calls.getBalance).toBe(2)
  })

  it('a network the chain does not list reads as 0.00 without asking (rules §9)', async () => {
    const { kernel, chain } = setup()
    await expect(getNativeBalance(kernel, { ...params, networkId: 'eip155:999' })).resolves.toEqual({ formatted: '0.00', symbol: 'TETH' })
    expect(chain.wallet.calls.getBalance).toBe(0)
  })

  it("a testnet's balance is the chain's own figure, not 0.00 (a departure, rules: departures on purpose)", async () => {
    const { kernel, chain } = setup({ networks: [{ ...testNetwork, testnet: true }], balance: 2_000_000_000_000_000_000n })
    await expect(getNativeBalance(kernel, params)).resolves.toEqual({ formatted: '2', symbol: 'TETH' })
    expect(chain.wallet.calls.getBalance).toBe(1)
  })

  it('is undefined where no chain can read balances', () => {
    const { kernel } = setup({ balance: false })
    expect(getNativeBalance(kernel, params)).toBeUndefined()
    expect(getNativeBalance(kernel, { ...params, namespace: 'solana' })).toBeUndefined()
  })
})
