// What the on-ramp views do, as plain functions of the kernel (style 9): follow the inputs with debounced quotes
// from every provider, open the chosen provider's checkout in a window of its own, and follow the order until the
// funds arrive. Loaded with the views.
import {
  selectActiveConnection,
  AddressOrAuthConnectorNotFoundError,
  createToken,
  DEBOUNCE_MS,
  fetchKernelQuery,
  visibleMessage,
  type KernelQuery,
} from 'foyer'
import type { Kernel } from 'foyer'
import { addOnrampTexts } from './texts.js'
import {
  FALLBACK_PAYMENT_LIMITS,
  ONRAMP_PROVIDERS,
  onrampApiOf,
  type OnrampApi,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampProvider,
} from './onrampApi.js'
import { updateOnrampState, type OnrampState } from './onrampState.js'

/** How often the order and the checkout window are looked at (rules §4 polls a login popup as often). */
export const ORDER_POLL_MS = 1000
/** rules §9: the checkout opens in a popup of this size, as the social login's does. */
export const CHECKOUT_WINDOW_FEATURES = 'popup,width=600,height=800'
/** The options change rarely: read again after five minutes. */
export const ONRAMP_OPTIONS_STALE_MS = 5 * 60_000

interface Pending {
  timer?: ReturnType<typeof setTimeout>
  sequence: number
  /** The order being followed, so a second checkout stops following the first. */
  following?: string
}
const PendingToken = createToken<Pending>('onramp:pending')
const pending = (kernel: Kernel) => kernel.container.ensure(PendingToken, (): Pending => ({ sequence: 0 }))

function api(kernel: Kernel): OnrampApi {
  const client = onrampApiOf(kernel)
  if (!client) throw new Error('onramp() needs `services.api`, the blockchain API that answers the on-ramp calls.')
  return client
}

/** The on-ramp options (rules §7 `onramp/options`), cached five minutes. */
export function onrampOptionsQuery(kernel: Kernel): KernelQuery<OnrampOptions> {
  return { key: ['onramp', 'options'], staleTime: ONRAMP_OPTIONS_STALE_MS, load: () => api(kernel).getOptions() }
}

/** The currencies sold on `networkId`, each with its network there. */
export function currenciesOn(options: OnrampOptions, networkId: string) {
  return options.purchaseCurrencies.flatMap((currency) => {
    const network = currency.networks.find((candidate) => candidate.networkId === networkId)
    return network ? [{ ...currency, network }] : []
  })
}

/** The payment method's limits in `currency`: the options', else rules §9's fallback. */
export function limitsFor(options: OnrampOptions | undefined, currency: string, method: string): { min: string; max: string } | undefined {
  const listed = options?.paymentCurrencies.find((candidate) => candidate.id === currency)?.limits ?? FALLBACK_PAYMENT_LIMITS
  return listed.find((limit) => limit.id === method)
}

/** Decimal text as cents; undefined unless it has at most 2 decimals. */
export function toCents(amount: string): bigint | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim())
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : undefined
}

/**
 * What is wrong with how an amount is written, as its message's key: anything but digits with one optional point
 * ('1e2', '50,25', '-5'), or more than 2 decimals ('50.005'); undefined when it is a plain number of cents.
 */
export function amountFormatProblem(amount: string): 'onramp.error.number' | 'onramp.error.decimals' | undefined {
  const match = /^\d+(?:\.(\d+))?$/.exec(amount.trim())
  if (!match) return 'onramp.error.number'
  return (match[1]?.length ?? 0) > 2 ? 'onramp.error.decimals' : undefined
}

/** The amount in the form the service takes ('50' → '50.00'). */
const formatAmount = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`

function onrampState(kernel: Kernel): OnrampState {
  return kernel.store.getState().onramp
}

function connected(kernel: Kernel) {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  if (!connection?.address || !connection.networkId) throw new AddressOrAuthConnectorNotFoundError()
  return { address: connection.address, networkId: connection.networkId }
}

/** What a quote is asked for: the inputs, checked; or why they cannot be quoted (rules §9 limits). */
async function wanted(kernel: Kernel): Promise<
  | {
      ok: true
      amount: string
      network: OnrampNetwork
      purchaseCurrency: string
      paymentCurrency: string
      paymentMethod: string
      address: string
    }
  | { ok: false; error?: string }
> {
  const state = onrampState(kernel)
  if (state.amount.trim() === '' || !state.purchaseCurrency) return { ok: false }
  const { address, networkId } = connected(kernel)
  const options = await fetchKernelQuery(kernel, onrampOptionsQuery(kernel))
  const currency = currenciesOn(options, networkId).find((candidate) => candidate.id === state.purchaseCurrency)
  if (!currency) return { ok: false }
  const limits = limitsFor(options, state.paymentCurrency, state.paymentMethod)
  const cents = toCents(state.amount)
  // The way it is written first ('50.005', '1e2'): a range would not tell the visitor what to change.
  const format = amountFormatProblem(state.amount)
  if (format) {
    addOnrampTexts(kernel)
    return { ok: false, error: kernel.i18n.t(format) }
  }
  // rules §9: an amount outside the limits is refused here, before any provider is asked and any checkout opens.
  if (!limits || cents === undefined || cents < toCents(limits.min)! || cents > toCents(limits.max)!) {
    addOnrampTexts(kernel)
    const { min, max } = limits ?? FALLBACK_PAYMENT_LIMITS[0]!
    return { ok: false, error: kernel.i18n.t('onramp.error.amount', { min, max, currency: state.paymentCurrency }) }
  }
  return {
    ok: true,
    amount: formatAmount(cents),
    network: currency.network,
    purchaseCurrency: currency.id,
    paymentCurrency: state.paymentCurrency,
    paymentMethod: state.paymentMethod,
    address,
  }
}

/**
 * Changes what to buy or how to pay. The old quotes go at once; new ones are asked DEBOUNCE_MS (rules §9's default debounce) after the
 * last change, so typing '125' asks once.
 *
 * @example
 * setOnrampInput(kernel, { amount: '50' })
 */
export function setOnrampInput(
  kernel: Kernel,
  patch: Partial<Pick<OnrampState, 'purchaseCurrency' | 'paymentCurrency' | 'amount' | 'paymentMethod'>>,
): void {
  const waiting = pending(kernel)
  clearTimeout(waiting.timer)
  waiting.sequence++
  updateOnrampState(kernel, { ...patch, quotes: {}, quoteErrors: {}, error: undefined })
  const state = onrampState(kernel)
  const asks = state.amount.trim() !== '' && state.purchaseCurrency !== undefined
  updateOnrampState(kernel, { quotesLoading: asks })
  // A kernel destroyed meanwhile (the page left) asks nothing.
  if (asks) waiting.timer = setTimeout(() => void (kernel.isDestroyed() || fetchOnrampQuotes(kernel)), DEBOUNCE_MS)
}

/**
 * Asks every provider for a quote of the current inputs (rules §7 `onramp/quote`). rules §4: `quotesLoading` while they are asked;
 * a provider's failure is stored as its message (rules §8), the others still shown; the cheapest is selected unless the
 * visitor chose one that quoted. Answers that arrive after the inputs changed again are dropped.
 */
export async function fetchOnrampQuotes(kernel: Kernel): Promise<void> {
  const waiting = pending(kernel)
  const sequence = ++waiting.sequence
  const current = () => sequence === waiting.sequence
  updateOnrampState(kernel, { quotesLoading: true, error: undefined })
  try {
    const request = await wanted(kernel)
    if (!request.ok) {
      if (current()) updateOnrampState(kernel, { quotesLoading: false, quotes: {}, quoteErrors: {}, error: request.error })
      return
    }
    const answers = await Promise.allSettled(
      ONRAMP_PROVIDERS.map((provider) =>
        api(kernel).getQuote({
          provider,
          purchaseCurrency: request.purchaseCurrency,
          paymentCurrency: request.paymentCurrency,
          amount: request.amount,
          network: request.network.name,
          paymentMethod: request.paymentMethod,
        }),
      ),
    )
    if (!current()) return
    const quotes: OnrampState['quotes'] = {}
    const quoteErrors: OnrampState['quoteErrors'] = {}
    answers.forEach((answer, index) => {
      const provider = ONRAMP_PROVIDERS[index]!
      if (answer.status === 'fulfilled') quotes[provider] = answer.value
      else quoteErrors[provider] = visibleMessage(answer.reason, answer.reason instanceof Error ? answer.reason.message : 'No quote')
    })
    const chosen = onrampState(kernel).selectedProvider
    const cheapest = Object.values(quotes).sort((a, b) => Number(b.purchaseAmount) - Number(a.purchaseAmount))[0]?.provider
    updateOnrampState(kernel, { quotes, quoteErrors, quotesLoading: false, selectedProvider: chosen && quotes[chosen] ? chosen : cheapest })
  } catch (reason) {
    kernel.logger.warn('No on-ramp quotes.', reason)
    if (current())
      updateOnrampState(kernel, {
        quotesLoading: false,
        error: visibleMessage(reason, reason instanceof Error ? reason.message : 'No quote'),
      })
  }
}

/** rules §4: chooses the provider to buy from. */
export function selectOnrampProvider(kernel: Kernel, provider: OnrampProvider): void {
  updateOnrampState(kernel, { selectedProvider: provider })
}

export interface BuyCryptoParameters {
  /**
   * The checkout window, opened by the caller in the click that asked for it (a window opened after an await is
   * blocked as a pop-up). @default one opened here (600×800, rules §9)
   */
  checkoutWindow?: Window | null
}

/**
 * Opens the selected provider's checkout (rules §7 `onrampurl`) in its window, moves to the buy view and follows the
 * order until it is paid, failed, cancelled, or the window is closed without paying; 'balances:changed' when the
 * funds arrived. Resolves with the order as it ended.
 *
 * @example
 * const order = await buyCrypto(kernel, { checkoutWindow: window.open('', 'foyer-onramp', CHECKOUT_WINDOW_FEATURES) })
 */
export async function buyCrypto(
  kernel: Kernel,
  { checkoutWindow = openCheckoutWindow() }: BuyCryptoParameters = {},
): Promise<OnrampOrder | undefined> {
  addOnrampTexts(kernel)
  const state = onrampState(kernel)
  const provider = state.selectedProvider
  updateOnrampState(kernel, { checkout: 'opening', error: undefined, order: undefined, checkoutUrl: undefined })
  try {
    const request = await wanted(kernel)
    if (!request.ok || !provider)
      throw new Error(request.ok ? kernel.i18n.t('onramp.error.checkout') : (request.error ?? kernel.i18n.t('onramp.error.checkout')))
    const { url, orderId } = await api(kernel).createCheckout({
      provider,
      purchaseCurrency: request.purchaseCurrency,
      paymentCurrency: request.paymentCurrency,
      amount: request.amount,
      network: request.network.name,
      paymentMethod: request.paymentMethod,
      address: request.address,
      cryptoAmount: state.quotes[provider]?.purchaseAmount,
    })
    if (checkoutWindow && !checkoutWindow.closed) checkoutWindow.location.href = url
    updateOnrampState(kernel, { checkout: checkoutWindow ? 'open' : 'blocked', checkoutUrl: url })
    kernel.bus.emit('onramp:checkout-opened', { orderId, provider, networkId: request.network.networkId })
    kernel.router.push('BuyInProgress')
    return await followOrder(kernel, orderId, checkoutWindow ?? undefined)
  } catch (reason) {
    checkoutWindow?.close()
    kernel.logger.warn('The checkout could not be opened.', reason)
    updateOnrampState(kernel, {
      checkout: undefined,
      error: visibleMessage(reason, reason instanceof Error ? reason.message : kernel.i18n.t('onramp.error.checkout')),
    })
    throw reason
  }
}

/** A blank popup for the checkout, opened now (in the click); null when the browser blocks it. */
export function openCheckoutWindow(): Window | null {
  return typeof window === 'undefined' ? null : window.open('about:blank', 'foyer-onramp', CHECKOUT_WINDOW_FEATURES)
}

/**
 * Reads the order every ORDER_POLL_MS until it ends: paid ('onramp:succeeded', 'balances:changed'), failed
 * ('onramp:failed'), cancelled, or still unpaid once the window is closed (state `checkout: 'closed'`). A newer
 * checkout stops the following of this one.
 */
export async function followOrder(kernel: Kernel, orderId: string, checkoutWindow?: Window): Promise<OnrampOrder | undefined> {
  const waiting = pending(kernel)
  waiting.following = orderId
  for (;;) {
    if (kernel.isDestroyed() || waiting.following !== orderId) return undefined
    // Read before the order: a window closed right after paying still finds the order paying.
    const closed = checkoutWindow?.closed === true
    let order: OnrampOrder | undefined
    try {
      order = await api(kernel).getOrder(orderId)
    } catch (reason) {
      kernel.logger.warn('The order could not be read; trying again.', reason)
    }
    if (waiting.following !== orderId) return undefined
    if (order) updateOnrampState(kernel, { order })
    if (order?.status === 'paid') {
      kernel.bus.emit('onramp:succeeded', {
        orderId,
        provider: order.provider,
        networkId: order.networkId,
        hash: order.hash ?? '',
        purchaseAmount: order.purchaseAmount,
        purchaseCurrency: order.purchaseCurrency,
      })
      kernel.bus.emit('balances:changed', {})
      return order
    }
    if (order?.status === 'failed') {
      kernel.bus.emit('onramp:failed', { orderId, provider: order.provider, reason: order.failure ?? 'failed' })
      return order
    }
    if (order?.status === 'cancelled') return order
    if (closed && order?.status === 'created') {
      updateOnrampState(kernel, { checkout: 'closed' })
      return order
    }
    await new Promise((resolve) => setTimeout(resolve, ORDER_POLL_MS))
  }
}
