// An in-memory on-ramp for the onramp plugin's unit tests and stories (Node, anvil and the API's treasury do not run
// in the browser); the real service and its payouts are exercised by services/api/onramp/onramp.integration.test.ts and the
// end-to-end purchase tests. Prices and fees follow the service: USDC 1, ETH 3000 USD; meld 1 %, coinbase 2 %.
import {
  OnrampRequestError,
  type OnrampApi,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampProvider,
} from '../plugins/onramp/onrampApi.js'

export interface MemoryOnrampOptions {
  /** Per provider: a price, a refusal with this message, or no answer. @default 'price' for both */
  quotes?: Partial<Record<OnrampProvider, 'price' | 'pending' | { error: string }>>
  /** The options: these, or none ever, or a failure. @default USDC and ETH on eip155:1, USD and EUR with limits */
  options?: OnrampOptions | 'pending' | 'error'
  /** How an opened order goes on each time it is read, one status per read; the last stays. @default ['created'] */
  orderStatuses?: OnrampOrder['status'][]
}

export const MEMORY_ONRAMP_OPTIONS: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'ethereum', displayName: 'Ethereum', networkId: 'eip155:1', contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum', displayName: 'Ethereum', networkId: 'eip155:1', contractAddress: '' }],
    },
    {
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [{ name: 'solana', displayName: 'Solana', networkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', contractAddress: '' }],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
    {
      id: 'EUR',
      limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
}

const FEES: Record<OnrampProvider, number> = { meld: 0.01, coinbase: 0.02 }
const PRICES: Record<string, number> = { USDC: 1, ETH: 3000, SOL: 150 }

/** The on-ramp of one test or story; `calls` records what it was asked, `orders` what it opened. */
export function memoryOnrampApi(options: MemoryOnrampOptions = {}) {
  const calls: Array<{ method: string; params?: unknown }> = []
  const orders = new Map<string, OnrampOrder & { reads: number }>()
  const never = () => new Promise<never>(() => {})
  const api: OnrampApi = {
    async getOptions() {
      calls.push({ method: 'getOptions' })
      if (options.options === 'pending') return never()
      if (options.options === 'error') throw new Error('HTTP status code: 500')
      return options.options ?? MEMORY_ONRAMP_OPTIONS
    },
    async getQuote(params) {
      calls.push({ method: 'getQuote', params })
      const behaviour = options.quotes?.[params.provider] ?? 'price'
      if (behaviour === 'pending') return never()
      if (typeof behaviour === 'object') throw new OnrampRequestError(behaviour.error, 400)
      const total = Number(params.amount)
      const fee = Math.ceil(total * FEES[params.provider] * 100) / 100
      const purchase = (total - fee) / (PRICES[params.purchaseCurrency] ?? 1)
      return {
        quoteId: `quote-${calls.length}`,
        provider: params.provider,
        paymentTotal: total.toFixed(2),
        paymentSubtotal: (total - fee).toFixed(2),
        fee: fee.toFixed(2),
        networkFee: '0.00',
        paymentCurrency: params.paymentCurrency,
        purchaseAmount: String(Number(purchase.toFixed(6))),
        purchaseCurrency: params.purchaseCurrency,
      }
    },
    async createCheckout(params) {
      calls.push({ method: 'createCheckout', params })
      const id = `order-${orders.size + 1}`
      const quote = await api.getQuote(params)
      orders.set(id, {
        id,
        provider: params.provider,
        status: 'created',
        networkId: 'eip155:1',
        address: params.address,
        purchaseCurrency: params.purchaseCurrency,
        purchaseAmount: quote.purchaseAmount,
        paymentTotal: quote.paymentTotal,
        paymentCurrency: params.paymentCurrency,
        reads: 0,
      })
      return { url: `https://checkout.example/${id}`, orderId: id }
    },
    async getOrder(orderId) {
      calls.push({ method: 'getOrder', params: orderId })
      const order = orders.get(orderId)
      if (!order) throw new OnrampRequestError('No such order', 404)
      const statuses = options.orderStatuses ?? ['created']
      const status = statuses[Math.min(order.reads++, statuses.length - 1)]!
      const { reads: _reads, ...rest } = order
      return {
        ...rest,
        status,
        ...(status === 'paid' ? { hash: `0x${'ab'.repeat(32)}` } : {}),
        ...(status === 'failed' ? { failure: 'The treasury is empty' } : {}),
      }
    },
  }
  return { api, calls, orders }
}
