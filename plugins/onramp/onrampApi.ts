// The client of the blockchain API's on-ramp calls (rules §7): options, quote, onrampurl, and the order the buy view
// follows. Loaded with the view, never with the manifest. Every answer is checked with valibot; a checkout URL is
// accepted only on http(s), so nothing else can be opened in the checkout window.
import * as v from 'valibot'
import { BaseError, createToken, SDK_TYPE, SDK_VERSION, type Kernel } from 'foyer'
import { createHttpClient, fetchWithRefusals, serviceOf } from 'foyer/query'

/** rules §1: the providers, in the order they are offered. */
export const ONRAMP_PROVIDERS = ['meld', 'coinbase'] as const
export type OnrampProvider = (typeof ONRAMP_PROVIDERS)[number]

/** A network a purchase currency is sold on (rules §3). */
export interface OnrampNetwork {
  name: string
  displayName: string
  /** CAIP-2. */
  networkId: string
  /** '' for the native coin. */
  contractAddress: string
}

/** rules §3 Onramp options: purchase currencies with their networks, payment currencies with their method limits. */
export interface OnrampOptions {
  purchaseCurrencies: Array<{ id: string; name: string; symbol: string; networks: OnrampNetwork[] }>
  paymentCurrencies: Array<{ id: string; limits: Array<{ id: string; min: string; max: string }> }>
}

/** rules §3 Onramp quote; amounts are decimal text. */
export interface OnrampQuote {
  quoteId: string
  provider: OnrampProvider
  paymentTotal: string
  paymentSubtotal: string
  /** The provider's fee. */
  fee: string
  networkFee: string
  paymentCurrency: string
  purchaseAmount: string
  purchaseCurrency: string
}

/** An order opened by a checkout, as the buy view follows it. */
export interface OnrampOrder {
  id: string
  provider: string
  status: 'created' | 'paying' | 'paid' | 'failed' | 'cancelled'
  networkId: string
  address: string
  purchaseCurrency: string
  purchaseAmount: string
  paymentTotal: string
  paymentCurrency: string
  hash?: string
  failure?: string
}

export interface OnrampQuoteParameters {
  provider: OnrampProvider
  purchaseCurrency: string
  paymentCurrency: string
  /** Decimal text in the payment currency, e.g. '50.00'. */
  amount: string
  /** The network's name in the options. */
  network: string
  paymentMethod: string
}

export interface OnrampCheckoutParameters extends OnrampQuoteParameters {
  address: string
  partnerUserId?: string
  /**
   * The quote's `purchaseAmount` the visitor chose (rules §7 `presetCryptoAmount`): the provider refuses a checkout
   * that would buy less, so the visitor never pays for less than they saw.
   */
  cryptoAmount?: string
}

/** The on-ramp calls. Replace `OnrampApiToken` to serve them from anywhere (the stories do). */
export interface OnrampApi {
  getOptions(): Promise<OnrampOptions>
  getQuote(params: OnrampQuoteParameters): Promise<OnrampQuote>
  /** Opens an order with the provider and returns its checkout URL. */
  createCheckout(params: OnrampCheckoutParameters): Promise<{ url: string; orderId: string }>
  getOrder(orderId: string): Promise<OnrampOrder>
}

/** The service refused an on-ramp call; the message is its own (`{ error }`), e.g. 'Unsupported purchase currency: DOGE'. */
export class OnrampRequestError extends BaseError {
  override name = 'OnrampRequestError'
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

/** The kernel's on-ramp client; a host or a story may register its own. */
export const OnrampApiToken = createToken<OnrampApi>('onramp:api')

const text = v.pipe(v.string(), v.maxLength(200))
const decimal = v.pipe(v.string(), v.regex(/^\d{1,30}(\.\d{1,30})?$/))
const money = v.object({ value: decimal, currency: text })

const OptionsSchema = v.object({
  purchaseCurrencies: v.array(
    v.object({
      id: text,
      name: text,
      symbol: text,
      networks: v.array(
        v.object({
          name: text,
          display_name: text,
          chain_id: text,
          caip_network_id: v.optional(text),
          contract_address: v.nullish(text),
        }),
      ),
    }),
  ),
  paymentCurrencies: v.array(
    v.object({
      id: text,
      payment_method_limits: v.optional(v.array(v.object({ id: text, min: decimal, max: decimal }))),
    }),
  ),
})
const QuoteSchema = v.object({
  quoteId: text,
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  networkFee: v.optional(money),
  coinbaseFee: v.optional(money),
})
const CheckoutSchema = v.object({ url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//), v.maxLength(2000)), orderId: text })
const OrderSchema = v.object({
  id: text,
  provider: text,
  status: v.picklist(['created', 'paying', 'paid', 'failed', 'cancelled']),
  chainId: text,
  address: text,
  purchaseCurrency: text,
  purchaseAmount: decimal,
  paymentTotal: decimal,
  paymentCurrency: text,
  hash: v.nullish(text),
  failure: v.nullish(v.pipe(v.string(), v.maxLength(500))),
})

/**
 * rules §9's fallback limits: used for a payment currency whose options carry none.
 */
export const FALLBACK_PAYMENT_LIMITS: ReadonlyArray<{ id: string; min: string; max: string }> = Object.freeze([
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
])

/**
 * Creates the client of the on-ramp calls of the blockchain API at `baseUrl`. A refusal (4xx with `{ error }`)
 * rejects with the service's own words; anything else with 'HTTP status code: N'.
 *
 * @example
 * const onramp = createOnrampApi({ baseUrl: 'https://api.example.com', projectId })
 * const { purchaseCurrencies } = await onramp.getOptions()
 */
export function createOnrampApi(options: { baseUrl: string; projectId: string; fetch?: typeof fetch }): OnrampApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    query: { st: SDK_TYPE, sv: SDK_VERSION, projectId: options.projectId },
    fetch: fetchWithRefusals((reason, status) => new OnrampRequestError(reason, status), options.fetch),
  })
  const body = (params: OnrampQuoteParameters) => ({
    projectId: options.projectId,
    provider: params.provider,
    purchaseCurrency: params.purchaseCurrency,
    paymentCurrency: params.paymentCurrency,
    amount: params.amount,
    network: params.network,
    paymentMethod: params.paymentMethod,
  })

  return {
    async getOptions() {
      const answer = await http.get('/v1/onramp/options', { schema: OptionsSchema })
      return {
        purchaseCurrencies: answer.purchaseCurrencies.map(({ id, name, symbol, networks }) => ({
          id,
          name,
          symbol,
          networks: networks.map((network) => ({
            name: network.name,
            displayName: network.display_name,
            networkId: network.caip_network_id ?? (network.chain_id.includes(':') ? network.chain_id : `eip155:${network.chain_id}`),
            contractAddress: network.contract_address ?? '',
          })),
        })),
        // rules §9: a currency whose options carry no limits gets the fallback ones.
        paymentCurrencies: answer.paymentCurrencies.map(({ id, payment_method_limits }) => ({
          id,
          limits:
            payment_method_limits && payment_method_limits.length > 0
              ? payment_method_limits
              : FALLBACK_PAYMENT_LIMITS.map((limit) => ({ ...limit })),
        })),
      }
    },
    async getQuote(params) {
      const quote = await http.post('/v1/onramp/quote', { body: body(params), schema: QuoteSchema })
      return {
        quoteId: quote.quoteId,
        provider: params.provider,
        paymentTotal: quote.paymentTotal.value,
        paymentSubtotal: quote.paymentSubtotal.value,
        fee: quote.coinbaseFee?.value ?? '0.00',
        networkFee: quote.networkFee?.value ?? '0.00',
        paymentCurrency: quote.paymentTotal.currency,
        purchaseAmount: quote.purchaseAmount.value,
        purchaseCurrency: quote.purchaseAmount.currency,
      }
    },
    async createCheckout(params) {
      const request = {
        projectId: options.projectId,
        provider: params.provider,
        destinationWallets: [{ address: params.address, blockchains: [params.network], assets: [params.purchaseCurrency] }],
        defaultNetwork: params.network,
        defaultExperience: 'buy',
        presetFiatAmount: params.amount,
        fiatCurrency: params.paymentCurrency,
        paymentMethod: params.paymentMethod,
        ...(params.cryptoAmount ? { presetCryptoAmount: params.cryptoAmount } : {}),
        ...(params.partnerUserId ? { partnerUserId: params.partnerUserId } : {}),
      }
      return http.post('/v1/generators/onrampurl', { body: request, schema: CheckoutSchema })
    },
    async getOrder(orderId) {
      const order = await http.get(`/v1/onramp/orders/${encodeURIComponent(orderId)}`, { schema: OrderSchema })
      return {
        id: order.id,
        provider: order.provider,
        status: order.status,
        networkId: order.chainId,
        address: order.address,
        purchaseCurrency: order.purchaseCurrency,
        purchaseAmount: order.purchaseAmount,
        paymentTotal: order.paymentTotal,
        paymentCurrency: order.paymentCurrency,
        ...(order.hash ? { hash: order.hash } : {}),
        ...(order.failure ? { failure: order.failure } : {}),
      }
    },
  }
}

/** The kernel's on-ramp client: the host's replacement if it registered one, else `services.api`'s, else none. */
export function onrampApiOf(kernel: Kernel): OnrampApi | undefined {
  return serviceOf(kernel, { token: OnrampApiToken, url: 'api', create: createOnrampApi })
}
