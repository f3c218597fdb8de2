// The on-ramp calls (rules §7: options, quote, onrampurl), the order the buy view follows, the history of an account's
// purchases, and the providers' checkout pages. The two providers, meld and coinbase, are local stand-ins: a
// checkout page shows the amount and a payment method, and its confirmation makes the treasury pay on the local chain.
import { randomBytes } from 'node:crypto'

import { Hono } from 'hono'
import * as v from 'valibot'

import { JsonObject, ServiceError, bodyValue, sendJson, valid, validBody } from '../../http/index.mjs'
import { evmAddress, isSolanaAddress } from '../caip.mjs'
import { tokenIconUrl } from '../tokenIconUrl.mjs'
import { checkoutPage, exchangePage, notFoundPage } from './checkoutPage.mjs'
import {
  ONRAMP_PROVIDERS,
  PAYMENT_CURRENCIES,
  PAYMENT_METHOD_LIMITS,
  checkLimits,
  computeQuote,
  formatCents,
  parseCents,
  parseUnitsExact,
  quoteBody,
} from './onrampRules.mjs'
import { PayoutTakenOver } from './treasury.mjs'

/** The provider name of the exchange stand-in's payments, kept beside the on-ramp orders. */
export const EXCHANGE = 'exchange'
/** How long a quote id can open a checkout at its price. */
export const QUOTE_TTL_MS = 10 * 60_000
/** How long an instance holds a payout it started: past it, another instance takes the order over (its payer died). */
export const PAYOUT_LEASE_MS = 5 * 60_000
/** Expired quotes are swept from the database at most this often by one instance. */
const QUOTE_SWEEP_MS = 60_000
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
/**
 * The checkout pages' confirm and cancel buttons: forms on the API's own pages, which no other site may post (the
 * host page never confirms a payment for the visitor).
 *
 * @type {readonly import('../../http/index.mjs').StateChangingRoute[]}
 */
export const CHECKOUT_ACTIONS = [
  { method: 'POST', path: '/exchange/pay/:id/:action{confirm|cancel}', callers: 'self' },
  { method: 'POST', path: '/onramp/checkout/:id/:action{confirm|cancel}', callers: 'self' },
]

/** The on-ramp calls that change state: browsers may make them only from the project's allowed origins. */
export const ONRAMP_ACTIONS = [
  { method: 'POST', path: '/v1/generators/onrampurl' },
  { method: 'POST', path: '/v1/exchange/payments' },
]

const OrderParam = v.object({ id: v.string() })
const WALLETS = 'destinationWallets must be one { address, blockchains, assets }'
const OnrampUrlBody = JsonObject({
  destinationWallets: bodyValue((wallets) => {
    const wallet = Array.isArray(wallets) && wallets.length === 1 ? wallets[0] : undefined
    if (!wallet || typeof wallet !== 'object' || typeof wallet.address !== 'string') throw new ServiceError(400, null, WALLETS)
    return /** @type {{ address: string, blockchains?: unknown, assets?: unknown }} */ (wallet)
  }),
  partnerUserId: v.optional(
    v.pipe(
      v.string('partnerUserId must be a string of at most 128 characters'),
      v.maxLength(128, 'partnerUserId must be a string of at most 128 characters'),
    ),
  ),
})

/** @param {string} provider */
const providerName = (provider) => (provider === 'meld' ? 'Meld' : provider === EXCHANGE ? 'Foyer Exchange' : 'Coinbase')

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler<import('../apiCall.mjs').ApiEnv>} options.call the API's checks of every call (apiCall.mjs)
 * @param {import('./orderStore.mjs').OrderStore} options.store
 * @param {import('./treasury.mjs').Treasury} options.treasury
 * @param {import('./onrampRules.mjs').PurchaseCurrency[]} options.currencies
 * @param {ReturnType<import('../createPriceTable.mjs').createPriceTable>} options.price
 * @param {() => string} options.baseUrl the API's own URL, for checkout links
 * @param {(message: string) => void} options.log
 * @param {() => number} [options.now]
 * @param {string} [options.instanceId] this instance among those sharing the database. (default a random one)
 * @param {number} [options.payoutLeaseMs] how long a payout is this instance's alone; also how often the orders
 *   another instance left paying are looked for. (default PAYOUT_LEASE_MS)
 */
export function createOnramp({
  call,
  store,
  treasury,
  currencies,
  price,
  baseUrl,
  log,
  now = Date.now,
  instanceId = randomBytes(8).toString('hex'),
  payoutLeaseMs = PAYOUT_LEASE_MS,
}) {
  let quotesSweptAt = now()
  /** @type {NodeJS.Timeout | undefined} */
  let takeOver

  /**
   * The quote a request asks for; refused with a message that says what is wrong.
   *
   * @param {{ provider?: unknown, purchaseCurrency?: unknown, paymentCurrency?: unknown, amount?: unknown, network?: unknown, paymentMethod?: unknown }} request
   */
  function quoteFor({ provider = 'coinbase', purchaseCurrency, paymentCurrency, amount, network, paymentMethod = 'card' }) {
    if (typeof provider !== 'string' || !Object.hasOwn(ONRAMP_PROVIDERS, provider)) {
      throw new ServiceError(400, null, `Unknown provider: ${String(provider).slice(0, 40)} (meld or coinbase)`)
    }
    const currency = currencies.find((candidate) => typeof purchaseCurrency === 'string' && candidate.id === purchaseCurrency.toUpperCase())
    if (!currency) throw new ServiceError(400, null, `Unsupported purchase currency: ${String(purchaseCurrency).slice(0, 40)}`)
    const fiat = typeof paymentCurrency === 'string' ? paymentCurrency.toUpperCase() : ''
    if (!PAYMENT_CURRENCIES.includes(fiat))
      throw new ServiceError(400, null, `Unsupported payment currency: ${String(paymentCurrency).slice(0, 40)}`)
    const chosen =
      network === undefined
        ? currency.networks[0]
        : currency.networks.find((candidate) => candidate.name === network || candidate.chainId === network)
    if (!chosen) throw new ServiceError(400, null, `${currency.symbol} is not sold on ${String(network).slice(0, 60)}`)
    if (typeof paymentMethod !== 'string') throw new ServiceError(400, null, 'paymentMethod must be card or ach_bank_account')
    const totalCents = parseCents(amount)
    checkLimits(totalCents, paymentMethod, fiat)
    return computeQuote({
      provider: /** @type {keyof typeof ONRAMP_PROVIDERS} */ (provider),
      currency,
      network: chosen,
      paymentCurrency: fiat,
      paymentMethod,
      totalCents,
      priceUsd: price({ chainId: chosen.chainId, address: chosen.contractAddress || undefined, symbol: currency.symbol }),
      quoteId: randomBytes(16).toString('base64url'),
    })
  }

  /**
   * Pays a paying order out, once this instance holds its payout; another instance's payout is left to it.
   *
   * @param {import('./orderStore.mjs').OnrampOrder} order
   */
  async function payOut(order) {
    if (!(await store.claimPayout(order.id, instanceId, payoutLeaseMs).catch(() => false))) return
    const currency = currencies.find((candidate) => candidate.id === order.purchaseCurrency)
    const network = currency?.networks.find((candidate) => candidate.name === order.network)
    try {
      if (!network) throw new Error(`${order.purchaseCurrency} on ${order.network} is no longer sold`)
      const hash = await treasury.pay(
        { chainId: order.chainId, address: order.address, token: network.contractAddress, units: BigInt(order.units) },
        {
          hold: () => store.holdPayout(order.id, instanceId, payoutLeaseMs),
          signed: () => store.signedPayout(order.id),
          record: (signed, replacing) => store.recordPayout(order.id, instanceId, signed, replacing),
        },
      )
      await store.transition(order.id, 'paying', 'paid', { hash })
    } catch (error) {
      // The instance that took the order over pays it (or already did).
      if (error instanceof PayoutTakenOver) return
      const failure = error instanceof Error ? error.message : String(error)
      log(`[api] on-ramp order ${order.id}: the payout failed: ${failure}`)
      await store.transition(order.id, 'paying', 'failed', { failure: failure.slice(0, 500) }).catch(() => {})
    }
  }

  /**
   * An order as a rules §3 Transaction: what the account received, from the provider.
   *
   * @param {import('./orderStore.mjs').OnrampOrder} order
   */
  async function toTransaction(order) {
    const currency = currencies.find((candidate) => candidate.id === order.purchaseCurrency)
    const network = currency?.networks.find((candidate) => candidate.name === order.network)
    const usd = price({ chainId: order.chainId, address: network?.contractAddress || undefined, symbol: order.purchaseCurrency })
    return {
      id: `onramp:${order.id}`,
      metadata: {
        minedAt: order.updatedAt,
        chain: order.chainId,
        operationType: 'buy',
        status: order.status === 'paid' ? 'confirmed' : order.status === 'failed' ? 'failed' : 'pending',
        sentFrom: providerName(order.provider),
        sentTo: order.address,
        hash: order.hash,
        onramp: { provider: order.provider, orderId: order.id, paymentTotal: order.paymentTotal, paymentCurrency: order.paymentCurrency },
      },
      transfers: [
        {
          fungible_info: {
            name: currency?.name ?? order.purchaseCurrency,
            symbol: order.purchaseCurrency,
            // A currency the on-ramp sells: its mark (tokenIconUrl.mjs).
            icon: { url: await tokenIconUrl(order.purchaseCurrency, { vouched: true }) },
            flags: { is_spam: false },
          },
          direction: 'in',
          quantity: { numeric: order.purchaseAmount },
          value: Number(order.purchaseAmount) * usd,
          price: usd,
        },
      ],
    }
  }

  /** @param {unknown} id */
  async function orderById(id) {
    const order = typeof id === 'string' && ID_PATTERN.test(id) ? await store.find(id) : undefined
    if (!order) throw new ServiceError(404, null, 'No such order')
    return order
  }

  // The calls (rules §7), then the providers' checkout pages, on the API's own origin: no project id, plain HTML forms.
  /** @type {Hono<import('../apiCall.mjs').ApiEnv>} */
  const app = new Hono()
  app.get('/v1/onramp/options', call, (c) =>
    sendJson(c, 200, {
      purchaseCurrencies: currencies.map(({ id, name, symbol, networks }) => ({
        id,
        name,
        symbol,
        networks: networks.map((network) => ({
          name: network.name,
          display_name: network.displayName,
          // Coinbase's numeric id for EVM chains; the CAIP-2 id beside it says the namespace.
          chain_id: network.chainId.startsWith('eip155:') ? network.chainId.slice('eip155:'.length) : network.chainId,
          caip_network_id: network.chainId,
          contract_address: network.contractAddress,
        })),
      })),
      paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({
        id,
        payment_method_limits: PAYMENT_METHOD_LIMITS.map((limit) => ({ ...limit })),
      })),
      providers: Object.entries(ONRAMP_PROVIDERS).map(([id, fee]) => ({ id, name: providerName(id), feePercent: fee / 100 })),
    }),
  )
  // quoteFor checks the quote's fields, each against the others (a network of the currency, a method's limits).
  app.post('/v1/onramp/quote', call, validBody(JsonObject({})), async (c) => {
    const quote = quoteFor(c.req.valid('json'))
    await store.saveQuote(quote, now() + QUOTE_TTL_MS)
    if (now() - quotesSweptAt >= QUOTE_SWEEP_MS) {
      quotesSweptAt = now()
      store.dropExpiredQuotes(now()).catch(() => {})
    }
    return sendJson(c, 200, quoteBody(quote))
  })
  app.post('/v1/generators/onrampurl', call, validBody(OnrampUrlBody), async (c) => {
    /** @type {Record<string, any>} */
    const body = c.req.valid('json')
    const {
      destinationWallets: wallet,
      defaultNetwork,
      partnerUserId,
      presetFiatAmount,
      fiatCurrency = 'USD',
      paymentMethod,
      quoteId,
    } = body
    const kept = typeof quoteId === 'string' && ID_PATTERN.test(quoteId) ? await store.findQuote(quoteId, now()) : undefined
    if (typeof quoteId === 'string' && !kept) throw new ServiceError(400, null, 'The quote has expired; ask for a new one')
    const quote =
      kept ??
      quoteFor({
        provider: body.provider,
        purchaseCurrency: Array.isArray(wallet.assets) ? wallet.assets[0] : undefined,
        paymentCurrency: fiatCurrency,
        amount: presetFiatAmount,
        network: defaultNetwork ?? (Array.isArray(wallet.blockchains) ? wallet.blockchains[0] : undefined),
        paymentMethod,
      })
    if (!treasury.pays(quote.chainId)) {
      throw new ServiceError(400, null, `The local on-ramp providers pay only on the local chains, not on ${quote.network}`)
    }
    const solana = quote.chainId.startsWith('solana:')
    const address = solana ? (isSolanaAddress(wallet.address) ? wallet.address : undefined) : evmAddress(wallet.address)
    if (!address) throw new ServiceError(400, null, 'Invalid address')
    // The amount the visitor saw before choosing: a checkout that would buy less is refused (prices moved).
    if (body.presetCryptoAmount !== undefined) {
      const preset = parseUnitsExact(body.presetCryptoAmount, quote.decimals, 'presetCryptoAmount')
      if (preset > quote.units) throw new ServiceError(400, null, 'The price has changed; ask for a new quote')
    }
    const { purchaseAmount } = quoteBody(quote)
    const order = await store.create({
      id: randomBytes(16).toString('base64url'),
      provider: quote.provider,
      network: quote.network,
      chainId: quote.chainId,
      address,
      purchaseCurrency: quote.purchaseCurrency,
      purchaseAmount: purchaseAmount.value,
      units: String(quote.units),
      paymentCurrency: quote.paymentCurrency,
      paymentMethod: quote.paymentMethod,
      paymentTotal: formatCents(quote.totalCents),
      paymentSubtotal: formatCents(quote.totalCents - quote.feeCents),
      fee: formatCents(quote.feeCents),
      partnerUserId: partnerUserId ?? null,
    })
    return sendJson(c, 200, {
      url: `${baseUrl()}/onramp/checkout/${order.id}?provider=${order.provider}`,
      orderId: order.id,
      quote: quoteBody(quote),
    })
  })
  app.get('/v1/onramp/orders/:id', call, valid('param', OrderParam), async (c) =>
    sendJson(c, 200, await orderById(c.req.valid('param').id)),
  )
  // Pay from an exchange: the exchange stand-in withdraws from the visitor's account there to the recipient. The asset
  // decides the amount's decimals and the recipient's chain, so the handler reads the three together.
  app.post('/v1/exchange/payments', call, validBody(JsonObject({})), async (c) => {
    const { asset, amount, recipient } = c.req.valid('json')
    const found = typeof asset === 'string' ? assetOf(asset) : undefined
    if (!found) throw new ServiceError(400, null, `The exchange does not hold ${String(asset).slice(0, 100)}`)
    const { currency, network } = found
    if (typeof amount !== 'string' || !/^\d{1,30}(\.\d{1,30})?$/.test(amount) || (amount.split('.')[1]?.length ?? 0) > currency.decimals) {
      throw new ServiceError(400, null, `amount must be a decimal string with at most ${currency.decimals} decimals`)
    }
    const [whole = '0', fraction = ''] = amount.split('.')
    const units = BigInt(whole) * 10n ** BigInt(currency.decimals) + BigInt(fraction.padEnd(currency.decimals, '0') || '0')
    if (units <= 0n) throw new ServiceError(400, null, 'amount must be above 0')
    const solana = network.chainId.startsWith('solana:')
    const address =
      typeof recipient !== 'string' ? undefined : solana ? (isSolanaAddress(recipient) ? recipient : undefined) : evmAddress(recipient)
    if (!address) throw new ServiceError(400, null, 'Invalid recipient')
    const order = await store.create({
      id: randomBytes(16).toString('base64url'),
      provider: EXCHANGE,
      network: network.name,
      chainId: network.chainId,
      address,
      purchaseCurrency: currency.id,
      purchaseAmount: amount,
      units: String(units),
      paymentCurrency: currency.id,
      paymentMethod: 'exchange_balance',
      paymentTotal: amount,
      paymentSubtotal: amount,
      fee: '0',
      partnerUserId: null,
    })
    return sendJson(c, 200, { url: `${baseUrl()}/exchange/pay/${order.id}`, paymentId: order.id, depositAddress: address })
  })
  app.get('/v1/exchange/payments/:id', call, valid('param', OrderParam), async (c) => {
    const order = await orderById(c.req.valid('param').id)
    if (order.provider !== EXCHANGE) throw new ServiceError(404, null, 'No such order')
    return sendJson(c, 200, order)
  })
  pages(app)

  /**
   * The checkout pages of the stand-ins: no project id, plain HTML forms.
   *
   * @param {Hono} app
   */
  function pages(app) {
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page runs no script; its forms post to the API only; no site may frame it (a framed confirm button
      // could be clicked for the user).
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    }
    app.get('/exchange/pay/:id', async (c) => {
      const id = c.req.param('id')
      const order = ID_PATTERN.test(id) ? await store.find(id) : undefined
      if (!order || order.provider !== EXCHANGE) return c.body(notFoundPage(), 404, headers)
      return c.body(exchangePage(order), 200, headers)
    })
    app.post('/exchange/pay/:id/:action{confirm|cancel}', async (c) => {
      const id = c.req.param('id')
      const order = ID_PATTERN.test(id) ? await store.find(id) : undefined
      if (!order || order.provider !== EXCHANGE) return c.body(notFoundPage(), 404, headers)
      if (c.req.param('action') === 'cancel') {
        await store.transition(id, 'created', 'cancelled')
      } else {
        const paying = await store.transition(id, 'created', 'paying')
        if (paying) void payOut(paying)
      }
      return c.redirect(`/exchange/pay/${id}`, 303)
    })
    app.get('/onramp/checkout/:id', async (c) => {
      const id = c.req.param('id')
      const order = ID_PATTERN.test(id) ? await store.find(id) : undefined
      if (!order) return c.body(notFoundPage(), 404, headers)
      return c.body(checkoutPage(order, providerName(order.provider), PAYMENT_METHOD_LIMITS), 200, headers)
    })
    app.post('/onramp/checkout/:id/:action{confirm|cancel}', async (c) => {
      const id = c.req.param('id')
      const order = ID_PATTERN.test(id) ? await store.find(id) : undefined
      if (!order) return c.body(notFoundPage(), 404, headers)
      if (c.req.param('action') === 'cancel') {
        await store.transition(id, 'created', 'cancelled')
      } else {
        const form = await c.req.parseBody()
        const method = typeof form['paymentMethod'] === 'string' ? form['paymentMethod'] : order.paymentMethod
        try {
          checkLimits(parseCents(order.paymentTotal), method, order.paymentCurrency)
        } catch (error) {
          return c.body(
            checkoutPage(order, providerName(order.provider), PAYMENT_METHOD_LIMITS, /** @type {Error} */ (error).message),
            400,
            headers,
          )
        }
        const paying = await store.transition(id, 'created', 'paying')
        if (paying) void payOut(paying)
      }
      // Post/redirect/get: a reload shows the order, never confirms twice.
      return c.redirect(`/onramp/checkout/${id}?provider=${order.provider}`, 303)
    })
  }

  /**
   * The currency and network of a CAIP-19 asset, among those sold.
   *
   * @param {string} asset
   */
  function assetOf(asset) {
    const match = /^((?:eip155|solana):[-_a-zA-Z0-9]{1,32})\/(slip44|erc20|token):([-.%a-zA-Z0-9]{1,128})$/.exec(asset)
    if (!match) return undefined
    const [, chainId, kind, reference] = /** @type {[string, string, string, string]} */ (/** @type {unknown} */ (match))
    for (const currency of currencies) {
      const network = currency.networks.find(
        (candidate) =>
          candidate.payable &&
          candidate.chainId === chainId &&
          (kind === 'slip44'
            ? candidate.contractAddress === ''
            : candidate.contractAddress !== '' && candidate.contractAddress.toLowerCase() === reference.toLowerCase()),
      )
      if (network) return { currency, network }
    }
    return undefined
  }

  return {
    /** The calls and the checkout pages, a sub-app the API mounts. */
    app,

    /**
     * The history call's answer for on-ramp purchases: an account's orders that were paid or are being paid.
     *
     * @param {string} address
     * @param {string | undefined} chainId CAIP-2, or every chain
     * @param {string | undefined} provider
     */
    async history(address, chainId, provider) {
      if (provider !== undefined && !Object.hasOwn(ONRAMP_PROVIDERS, provider)) {
        throw new ServiceError(400, null, `Unknown provider: ${provider.slice(0, 40)} (meld or coinbase)`)
      }
      const orders = await store.ordersOf(address, provider)
      const shown = orders.filter(
        (order) =>
          Object.hasOwn(ONRAMP_PROVIDERS, order.provider) &&
          ['paying', 'paid', 'failed'].includes(order.status) &&
          (chainId === undefined || order.chainId === chainId),
      )
      return { data: await Promise.all(shown.map(toTransaction)), next: null }
    },

    /**
     * The hashes of an account's paid orders (lower-case), so its chain history can call them purchases.
     *
     * @param {string} address
     */
    async payouts(address) {
      const orders = await store.ordersOf(address)
      return new Set(
        orders.flatMap((order) =>
          Object.hasOwn(ONRAMP_PROVIDERS, order.provider) && order.status === 'paid' && order.hash ? [order.hash.toLowerCase()] : [],
        ),
      )
    },

    /**
     * Pays orders a stopped instance left confirmed but unpaid (a restart loses nothing a user confirmed), now and
     * then every `payoutLeaseMs`: each order is claimed first, so of several instances exactly one pays it. A payout
     * its instance signed and sent before it was killed is found on chain (or sent again, the same transaction), never
     * paid a second time (treasury.mjs).
     */
    async resume() {
      const sweep = async () => {
        for (const order of await store.paying()) void payOut(order)
      }
      await sweep()
      takeOver ??= setInterval(
        () => sweep().catch((error) => log(`[api] on-ramp: looking for unpaid orders failed: ${error}`)),
        payoutLeaseMs,
      )
      takeOver.unref()
    },

    /** Stops looking for orders other instances left. */
    stop() {
      clearInterval(takeOver)
    },
  }
}
