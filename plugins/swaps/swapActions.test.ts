import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connect, DEBOUNCE_MS } from 'foyer'
import type { Kernel } from 'foyer'
import { testChain, testKernel, type TestChain } from '../../test/fixtures.js'
import { ConvertApiToken, ConvertRequestError, NATIVE_TOKEN, NetworkNotSupportedForSwapsError, type ConvertApi } from './convertApi.js'
import { swaps } from './index.js'
import { InsufficientFundsError } from 'viem'
import {
  approveSwapToken,
  checkSwapAllowance,
  isAllowanceSufficient,
  isInsufficientFunds,
  setSwapInput,
  swapTokens,
} from './swapActions.js'

const ETH = { name: 'Test Ether', symbol: 'TETH', address: `eip155:1:${NATIVE_TOKEN}`, decimals: 18 }
const USDT = { name: 'Tether USD', symbol: 'USDT', address: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 }

/** A convert API that records what it is asked; each method can be replaced per test. */
function recordingApi(overrides: Partial<ConvertApi> = {}) {
  const calls: Array<{ method: string; params: unknown }> = []
  const record =
    <T>(method: string, answer: (params: any) => Promise<T>) =>
    async (params: any) => {
      calls.push({ method, params })
      return answer(params)
    }
  const api: ConvertApi = {
    getTokens: record('getTokens', async () => [ETH, USDT]),
    getQuote: record('getQuote', async ({ amount }) => ({
      fromAmount: amount,
      toAmount: (amount / 10n ** 12n) * 3000n,
      route: [],
      fees: [],
    })),
    getAllowance: record('getAllowance', async () => 0n),
    getGasPrice: record('getGasPrice', async () => ({ standard: 1n, fast: 2n, instant: 3n })),
    getPrices: record('getPrices', async () => ({})),
    buildTransaction: record('buildTransaction', async ({ amount, from }) => ({
      to: `0x${'77'.repeat(20)}`,
      data: '0x38ed1739',
      value: from === ETH.address ? amount : 0n,
      gas: 175_000n,
      gasPrice: 1n,
    })),
    buildApprove: record('buildApprove', async () => ({
      to: `0x${'dd'.repeat(20)}`,
      data: '0x095ea7b3',
      value: 0n,
      gas: 46_000n,
      gasPrice: 1n,
      reset: false,
    })),
    ...Object.fromEntries(Object.entries(overrides).map(([method, answer]) => [method, record(method, answer as never)])),
  }
  return { api, calls }
}

let kernel: Kernel
let chain: TestChain

async function setUp(api: ConvertApi) {
  chain = testChain({ sendTransaction: 'approve' })
  kernel = testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [chain, swaps()] })
  kernel.container.provide(ConvertApiToken, api)
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
}

afterEach(() => {
  kernel?.destroy()
  vi.useRealTimers()
})

describe('the quote follows typing (rules §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it(`asks once, ${DEBOUNCE_MS} ms after the last change`, async () => {
    const { api, calls } = recordingApi()
    await setUp(api)
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT })
    for (const text of ['1', '1.', '1.2', '1.25']) {
      setSwapInput(kernel, { sourceTokenAmount: text })
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1)
    }
    expect(calls.filter((call) => call.method === 'getQuote')).toEqual([])
    expect(kernel.store.getState().swaps.quoteLoading).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.filter((call) => call.method === 'getQuote').map((call) => (call.params as { amount: bigint }).amount)).toEqual([
      125n * 10n ** 16n,
    ])
    expect(kernel.store.getState().swaps).toMatchObject({ quoteLoading: false, quote: { toAmount: 3750n * 10n ** 6n } })
  })

  it('nothing is asked without both tokens or with an amount that is not a number', async () => {
    const { api, calls } = recordingApi()
    await setUp(api)
    setSwapInput(kernel, { sourceToken: ETH, sourceTokenAmount: '1' })
    setSwapInput(kernel, { toToken: USDT, sourceTokenAmount: 'abc' })
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2)
    expect(calls.filter((call) => call.method === 'getQuote')).toEqual([])
    expect(kernel.store.getState().swaps.quoteLoading).toBe(false)
  })

  it('rules §8 a failed quote is stored as its error message; the next change clears it', async () => {
    const { api } = recordingApi({
      getQuote: async () => {
        throw new NetworkNotSupportedForSwapsError()
      },
    })
    await setUp(api)
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT, sourceTokenAmount: '1' })
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS)
    expect(kernel.store.getState().swaps).toMatchObject({ quoteLoading: false, quoteError: 'Network not supported for Swaps' })
    setSwapInput(kernel, { sourceTokenAmount: '2' })
    expect(kernel.store.getState().swaps.quoteError).toBeUndefined()
  })
})

describe('allowance and approval (rules §4)', () => {
  it('sufficient only when the allowance is at least the amount', () => {
    expect(isAllowanceSufficient(100n, 100n)).toBe(true)
    expect(isAllowanceSufficient(101n, 100n)).toBe(true)
    expect(isAllowanceSufficient(99n, 100n)).toBe(false)
  })

  it('the coin needs no approval; a token under its amount does', async () => {
    const { api, calls } = recordingApi({ getAllowance: async () => 99_999_999n })
    await setUp(api)
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT, sourceTokenAmount: '1' })
    expect(await checkSwapAllowance(kernel)).toBe(true)
    expect(calls.some((call) => call.method === 'getAllowance')).toBe(false)
    setSwapInput(kernel, { sourceToken: USDT, toToken: ETH, sourceTokenAmount: '100' })
    expect(await checkSwapAllowance(kernel)).toBe(false)
    expect(kernel.store.getState().swaps.allowance).toBe('insufficient')
  })

  it('a USDT-style reset is sent first, then the approval of exactly the amount, then the allowance is read again', async () => {
    let allowance = 5n
    const answers = [true, false]
    const { api, calls } = recordingApi({
      getAllowance: async () => allowance,
      buildApprove: async ({ amount }) => {
        const reset = answers.shift()!
        allowance = reset ? 0n : amount
        return {
          to: `0x${'dd'.repeat(20)}`,
          data: reset ? '0x095ea7b30' : '0x095ea7b31',
          value: 0n,
          gas: reset ? 30_000n : 46_000n,
          gasPrice: 1n,
          reset,
        }
      },
    })
    await setUp(api)
    setSwapInput(kernel, { sourceToken: USDT, toToken: ETH, sourceTokenAmount: '100' })
    await approveSwapToken(kernel)
    expect(chain.wallet.transactions.map(({ data, gas }) => [data, gas])).toEqual([
      ['0x095ea7b30', 30_000n],
      ['0x095ea7b31', 46_000n],
    ])
    expect(calls.filter((call) => call.method === 'buildApprove').map((call) => (call.params as { amount: bigint }).amount)).toEqual([
      100_000_000n,
      100_000_000n,
    ])
    expect(kernel.store.getState().swaps.allowance).toBe('sufficient')
  })
})

describe('swapTokens', () => {
  it("sends the router call the service built, with 1 % slippage; emits 'swaps:succeeded' and 'balances:changed'", async () => {
    const { api, calls } = recordingApi()
    await setUp(api)
    const events: string[] = []
    kernel.bus.on('swaps:succeeded', ({ hash }) => events.push(`swapped ${hash}`))
    kernel.bus.on('transaction:sent', (sent) =>
      events.push(
        `sent ${sent.hash} ${sent.operationType} ${sent.transfers.map((t) => `${t.direction} ${t.numeric} ${t.symbol}`).join(', ')}`,
      ),
    )
    kernel.bus.on('balances:changed', () => events.push('balances'))
    vi.useFakeTimers()
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT, sourceTokenAmount: '0.5' })
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS)
    vi.useRealTimers()
    expect(kernel.store.getState().swaps.quote?.toAmount).toBe(1500n * 10n ** 6n)
    const { hash } = await swapTokens(kernel)
    expect(calls.find((call) => call.method === 'buildTransaction')?.params).toMatchObject({
      amount: 5n * 10n ** 17n,
      slippage: 1,
      from: ETH.address,
      to: USDT.address,
    })
    // With the service's gas limit, which leaves room for a trade mined a second after it was built.
    expect(chain.wallet.transactions).toEqual([
      expect.objectContaining({ to: `0x${'77'.repeat(20)}`, value: 5n * 10n ** 17n, data: '0x38ed1739', gas: 175_000n }),
    ])
    // Activity lists the swap at once: what left the account and what the quote said comes back.
    expect(events).toEqual([`swapped ${hash}`, `sent ${hash} trade out 0.5 TETH, in 1500 USDT`, 'balances'])
    expect(kernel.store.getState().swaps).toMatchObject({ step: 'done', hash, sourceTokenAmount: '' })
  })

  it('a refused signature is said in words and keeps the form; a refusal by the service keeps its own words', async () => {
    const { api } = recordingApi()
    await setUp(api)
    chain.wallet.sendTransactionAnswer = 'reject'
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT, sourceTokenAmount: '0.5' })
    await expect(swapTokens(kernel)).rejects.toThrow()
    expect(kernel.store.getState().swaps).toMatchObject({
      error: 'You declined the transaction in your wallet',
      sourceTokenAmount: '0.5',
      signing: undefined,
    })
    api.buildTransaction = async () => {
      throw new ConvertRequestError('The swap would fail: insufficient allowance', 400)
    }
    await expect(swapTokens(kernel)).rejects.toThrow()
    expect(kernel.store.getState().swaps.error).toBe('The swap would fail: insufficient allowance')
  })

  it("a wallet that cannot pay the fee is said in words ('Insufficient … for the network fee'), not viem's total-cost text", async () => {
    const { api } = recordingApi()
    await setUp(api)
    const capability = kernel.chains.get('eip155')!.capabilities!.sendTransaction!
    const refusal = new Error('The wallet refused', { cause: new InsufficientFundsError() })
    vi.spyOn(capability, 'sendTransaction').mockRejectedValue(refusal)
    setSwapInput(kernel, { sourceToken: ETH, toToken: USDT, sourceTokenAmount: '1.5' })
    await expect(swapTokens(kernel)).rejects.toBe(refusal)
    const symbol = kernel.chains.get('eip155')!.networks[0]!.nativeCurrency.symbol
    expect(kernel.store.getState().swaps.error).toBe(`Insufficient ${symbol} for the network fee`)
  })
})

describe('a refusal for want of funds is told apart from other failures', () => {
  it("viem's InsufficientFundsError, a node's 'insufficient funds' and a JSON-RPC error carrying either, at any depth", () => {
    expect(isInsufficientFunds(new InsufficientFundsError())).toBe(true)
    expect(isInsufficientFunds({ code: -32000, message: 'insufficient funds for gas * price + value' })).toBe(true)
    expect(isInsufficientFunds(new Error('outer', { cause: new Error('middle', { cause: new InsufficientFundsError() }) }))).toBe(true)
    expect(isInsufficientFunds(new Error('execution reverted'))).toBe(false)
    expect(isInsufficientFunds(undefined)).toBe(false)
    expect(isInsufficientFunds('insufficient funds')).toBe(false)
  })
})
