// The client of the blockchain API's exchange stand-in (Pay from an exchange): open a withdrawal to the recipient,
// then read it until it is paid. Loaded with the Pay view. Answers are checked with valibot; only an http(s) page
// is ever opened in the exchange's window.
import * as v from 'valibot'
import { BaseError, createToken, SDK_TYPE, SDK_VERSION, type Kernel } from 'foyer'
import { createHttpClient, fetchWithRefusals, serviceOf } from 'foyer/query'

/** A payment the exchange makes, as last read. */
export interface ExchangePayment {
  id: string
  status: 'created' | 'paying' | 'paid' | 'failed' | 'cancelled'
  hash?: string
  failure?: string
}

/** The exchange calls. Replace `ExchangeApiToken` to serve them from anywhere (the stories do). */
export interface ExchangeApi {
  createPayment(params: {
    asset: string
    amount: string
    recipient: string
  }): Promise<{ url: string; paymentId: string; depositAddress: string }>
  getPayment(paymentId: string): Promise<ExchangePayment>
}

/** The exchange refused; the message is its own. */
export class ExchangeRequestError extends BaseError {
  override name = 'ExchangeRequestError'
}

export const ExchangeApiToken = createToken<ExchangeApi>('pay:exchangeApi')

const text = v.pipe(v.string(), v.maxLength(200))
const CreatedSchema = v.object({
  url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//), v.maxLength(2000)),
  paymentId: text,
  depositAddress: text,
})
const PaymentSchema = v.object({
  id: text,
  status: v.picklist(['created', 'paying', 'paid', 'failed', 'cancelled']),
  hash: v.nullish(text),
  failure: v.nullish(v.pipe(v.string(), v.maxLength(500))),
})

/** Creates the client of the exchange calls of the blockchain API at `baseUrl`. */
export function createExchangeApi(options: { baseUrl: string; projectId: string; fetch?: typeof fetch }): ExchangeApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    query: { st: SDK_TYPE, sv: SDK_VERSION, projectId: options.projectId },
    fetch: fetchWithRefusals((reason) => new ExchangeRequestError(reason), options.fetch),
  })
  return {
    createPayment: (params) =>
      http.post('/v1/exchange/payments', { body: { projectId: options.projectId, ...params }, schema: CreatedSchema }),
    async getPayment(paymentId) {
      const payment = await http.get(`/v1/exchange/payments/${encodeURIComponent(paymentId)}`, { schema: PaymentSchema })
      return {
        id: payment.id,
        status: payment.status,
        ...(payment.hash ? { hash: payment.hash } : {}),
        ...(payment.failure ? { failure: payment.failure } : {}),
      }
    },
  }
}

/** The kernel's exchange client: the host's replacement if it registered one, else `services.api`'s, else none. */
export function exchangeApiOf(kernel: Kernel): ExchangeApi | undefined {
  return serviceOf(kernel, { token: ExchangeApiToken, url: 'api', create: createExchangeApi })
}

/** How often the exchange's payment and its window are looked at. */
export const EXCHANGE_POLL_MS = 1000

/**
 * Opens the exchange's withdrawal in `exchangeWindow` and reads the payment until it is paid (resolves with its hash),
 * fails or is cancelled (rejects with why), or the window is closed with nothing paid (rejects).
 */
export async function payFromExchange(
  kernel: Kernel,
  {
    asset,
    amount,
    recipient,
    exchangeWindow,
    texts,
  }: {
    asset: string
    amount: string
    recipient: string
    exchangeWindow: Window | null
    texts: { closed: string; cancelled: string; failed: string }
  },
): Promise<string> {
  const api = exchangeApiOf(kernel)
  if (!api) throw new Error('Paying from an exchange needs `services.api`.')
  try {
    const { url, paymentId } = await api.createPayment({ asset, amount, recipient })
    if (!exchangeWindow) window.open(url, '_blank', 'noopener')
    else exchangeWindow.location.href = url
    for (;;) {
      if (kernel.isDestroyed()) throw new Error(texts.closed)
      const closed = exchangeWindow?.closed === true
      const payment = await api.getPayment(paymentId).catch(() => undefined)
      if (payment?.status === 'paid' && payment.hash) return payment.hash
      if (payment?.status === 'failed') throw new Error(`${texts.failed}: ${payment.failure ?? ''}`)
      if (payment?.status === 'cancelled') throw new Error(texts.cancelled)
      if (closed && payment?.status === 'created') throw new Error(texts.closed)
      await new Promise((resolve) => setTimeout(resolve, EXCHANGE_POLL_MS))
    }
  } catch (reason) {
    exchangeWindow?.close()
    throw reason
  }
}
