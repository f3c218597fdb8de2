import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect, DEBOUNCE_MS } from 'foyer'
import type { Kernel } from 'foyer'
import { memoryOnrampApi, type MemoryOnrampOptions } from '../../test/memoryOnrampApi.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { onramp } from './index.js'
import { buyCrypto, fetchOnrampQuotes, limitsFor, ORDER_POLL_MS, selectOnrampProvider, setOnrampInput, toCents } from './onrampActions.js'
import { FALLBACK_PAYMENT_LIMITS, OnrampApiToken } from './onrampApi.js'

let kernel: Kernel

async function setUp(options: MemoryOnrampOptions = {}, timeZone = 'Europe/Paris') {
  const memory = memoryOnrampApi(options)
  kernel = testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), onramp({ timeZone })] })
  kernel.container.provide(OnrampApiToken, memory.api)
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
  return memory
}

const state = () => kernel.store.getState().onramp
const quoteCalls = (calls: ReturnType<typeof memoryOnrampApi>['calls']) => calls.filter((call) => call.method === 'getQuote')

/** A checkout window as the tests control it. */
function fakeWindow() {
  return {
    closed: false,
    location: { href: 'about:blank' },
    close() {
      this.closed = true
    },
  }
}

afterEach(() => {
  kernel?.destroy()
  vi.useRealTimers()
})

describe('quotes follow typing (rules §9)', () => {
  it(`asked of both providers once, ${DEBOUNCE_MS} ms after the last change; the cheapest selected`, async () => {
    vi.useFakeTimers()
    const { calls } = await setUp()
    setOnrampInput(kernel, { purchaseCurrency: 'USDC' })
    for (const text of ['5', '50']) {
      setOnrampInput(kernel, { amount: text })
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1)
    }
    expect(quoteCalls(calls)).toEqual([])
    expect(state().quotesLoading).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    // The options load first (the query client's chunk is imported once); then both providers are asked.
    await vi.waitUntil(() => !state().quotesLoading)
    expect(quoteCalls(calls).map((call) => call.params)).toEqual([
      { provider: 'meld', purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '50.00', network: 'ethereum', paymentMethod: 'card' },
      {
        provider: 'coinbase',
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '50.00',
        network: 'ethereum',
        paymentMethod: 'card',
      },
    ])
    expect(state().quotesLoading).toBe(false)
    expect(state().quotes.meld?.purchaseAmount).toBe('49.5')
    expect(state().quotes.coinbase?.purchaseAmount).toBe('49')
    expect(state().selectedProvider).toBe('meld')
    // The visitor's choice stays through new quotes.
    selectOnrampProvider(kernel, 'coinbase')
    setOnrampInput(kernel, { amount: '60' })
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS)
    await vi.waitUntil(() => !state().quotesLoading)
    expect(state().selectedProvider).toBe('coinbase')
  })

  it('rules §9 limits at their edges: 9.99 and 7500.01 are refused before any provider is asked', async () => {
    const { calls } = await setUp()
    setOnrampInput(kernel, { purchaseCurrency: 'USDC' })
    for (const [amount, refused] of [
      ['9.99', true],
      ['10.00', false],
      ['7500.00', false],
      ['7500.01', true],
    ] as const) {
      const before = quoteCalls(calls).length
      setOnrampInput(kernel, { amount })
      await fetchOnrampQuotes(kernel)
      expect(state().error).toBe(refused ? 'Enter an amount between 10.00 and 7500.00 USD' : undefined)
      expect(quoteCalls(calls).length - before).toBe(refused ? 0 : 2)
    }
    setOnrampInput(kernel, { paymentMethod: 'ach_bank_account', amount: '25000.01' })
    await fetchOnrampQuotes(kernel)
    expect(state().error).toBe('Enter an amount between 10.00 and 25000.00 USD')
  })

  it('an amount written wrongly is told how to write it, not the range, and no provider is asked', async () => {
    const { calls } = await setUp()
    setOnrampInput(kernel, { purchaseCurrency: 'USDC' })
    for (const [amount, message] of [
      ['50.005', 'Use at most 2 decimals'],
      ['12.345', 'Use at most 2 decimals'],
      ['1e2', 'Enter the amount in digits, such as 50 or 50.25'],
      ['50,25', 'Enter the amount in digits, such as 50 or 50.25'],
      ['-20', 'Enter the amount in digits, such as 50 or 50.25'],
      ['0x20', 'Enter the amount in digits, such as 50 or 50.25'],
    ] as const) {
      setOnrampInput(kernel, { amount })
      await fetchOnrampQuotes(kernel)
      expect(state().error).toBe(message)
    }
    // Well written but out of range: the range is the problem.
    setOnrampInput(kernel, { amount: '12345678901' })
    await fetchOnrampQuotes(kernel)
    expect(state().error).toBe('Enter an amount between 10.00 and 7500.00 USD')
    expect(quoteCalls(calls)).toEqual([])
  })

  it('rules §8 a provider whose quote fails keeps its message; the other is still offered', async () => {
    await setUp({ quotes: { meld: { error: 'Unsupported purchase currency: USDC' } } })
    setOnrampInput(kernel, { purchaseCurrency: 'USDC', amount: '50' })
    await fetchOnrampQuotes(kernel)
    expect(state().quoteErrors).toEqual({ meld: 'Unsupported purchase currency: USDC' })
    expect(Object.keys(state().quotes)).toEqual(['coinbase'])
    expect(state().selectedProvider).toBe('coinbase')
  })

  it('rules §9 fallback limits stand for a currency whose options carry none', () => {
    const options = { purchaseCurrencies: [], paymentCurrencies: [{ id: 'USD', limits: [] }] }
    expect(limitsFor(undefined, 'USD', 'card')).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(limitsFor(options, 'GBP', 'ach_bank_account')).toEqual(FALLBACK_PAYMENT_LIMITS[1])
    expect([toCents('10'), toCents('7500.01'), toCents('1.5'), toCents('1.555'), toCents('-1')]).toEqual([
      1000n,
      750001n,
      150n,
      undefined,
      undefined,
    ])
  })
})

describe('the checkout', () => {
  async function quoted(options: MemoryOnrampOptions = {}) {
    const memory = await setUp(options)
    setOnrampInput(kernel, { purchaseCurrency: 'USDC', amount: '50' })
    await fetchOnrampQuotes(kernel)
    selectOnrampProvider(kernel, 'coinbase')
    return memory
  }

  it('opens the provider in the window, follows the order until paid; then onramp:succeeded and balances:changed', async () => {
    vi.useFakeTimers()
    const { calls } = await quoted({ orderStatuses: ['created', 'paying', 'paid'] })
    const events: string[] = []
    kernel.bus.on('onramp:checkout-opened', () => events.push('opened'))
    kernel.bus.on('onramp:succeeded', ({ hash, purchaseAmount }) => events.push(`succeeded ${purchaseAmount} ${hash.slice(0, 4)}`))
    kernel.bus.on('balances:changed', () => events.push('balances'))
    const checkoutWindow = fakeWindow()
    const done = buyCrypto(kernel, { checkoutWindow: checkoutWindow as unknown as Window })
    await vi.advanceTimersByTimeAsync(0)
    expect(checkoutWindow.location.href).toBe('https://checkout.example/order-1')
    expect(kernel.store.getState().router.history.at(-1)?.view).toBe('BuyInProgress')
    expect(calls.find((call) => call.method === 'createCheckout')?.params).toMatchObject({
      provider: 'coinbase',
      amount: '50.00',
      address: expect.stringMatching(/^0x/),
      // The chosen provider's quote: what the visitor saw is what the checkout must buy.
      cryptoAmount: '49',
    })
    expect(state().order?.status).toBe('created')
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS)
    expect(state().order?.status).toBe('paying')
    expect(events).toEqual(['opened'])
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS)
    expect((await done)?.status).toBe('paid')
    expect(events).toEqual(['opened', 'succeeded 49 0xab', 'balances'])
  })

  it('a checkout closed without paying ends the following with nothing bought', async () => {
    vi.useFakeTimers()
    await quoted()
    const spent: string[] = []
    kernel.bus.on('balances:changed', () => spent.push('balances'))
    const checkoutWindow = fakeWindow()
    const done = buyCrypto(kernel, { checkoutWindow: checkoutWindow as unknown as Window })
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3)
    expect(state().checkout).toBe('open')
    checkoutWindow.closed = true
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS)
    expect((await done)?.status).toBe('created')
    expect(state().checkout).toBe('closed')
    expect(spent).toEqual([])
  })

  it('a failed delivery emits onramp:failed with the reason', async () => {
    await quoted({ orderStatuses: ['failed'] })
    const failures: string[] = []
    kernel.bus.on('onramp:failed', ({ reason }) => failures.push(reason))
    expect((await buyCrypto(kernel, { checkoutWindow: fakeWindow() as unknown as Window }))?.status).toBe('failed')
    expect(failures).toEqual(['The treasury is empty'])
  })

  it('a blocked window still opens the order; the view offers the link', async () => {
    vi.useFakeTimers()
    await quoted()
    void buyCrypto(kernel, { checkoutWindow: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toMatchObject({ checkout: 'blocked', checkoutUrl: 'https://checkout.example/order-1' })
  })

  it('without a quote the checkout does not open and the window closes', async () => {
    await setUp()
    setOnrampInput(kernel, { purchaseCurrency: 'USDC', amount: '5' })
    const checkoutWindow = fakeWindow()
    await expect(buyCrypto(kernel, { checkoutWindow: checkoutWindow as unknown as Window })).rejects.toThrow(
      'Enter an amount between 10.00 and 7500.00 USD',
    )
    expect(checkoutWindow.closed).toBe(true)
    expect(state().error).toBe('Enter an amount between 10.00 and 7500.00 USD')
  })
})

describe('rules §6 restricted time zones', () => {
  it.each(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Urumqi'])('hidden in %s', async (zone) => {
    await setUp({}, zone)
    expect(kernel.views.get('OnRamp') !== undefined).toBe(false)
    expect('onramp' in kernel.store.getState()).toBe(false)
  })

  it('offered elsewhere (Asia/Tokyo, Asia/Taipei)', async () => {
    for (const zone of ['Asia/Tokyo', 'Asia/Taipei']) {
      await setUp({}, zone)
      expect(kernel.views.get('OnRamp') !== undefined).toBe(true)
      kernel.destroy()
    }
  })
})
