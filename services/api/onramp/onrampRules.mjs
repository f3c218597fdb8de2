// The on-ramp stand-ins' rules: the providers and their fees (rules §1: 1 to 2 %), the payment methods and their limits
// (rules §9), the currencies sold, and the quote's arithmetic. Money is counted in cents and tokens in their smallest
// unit, as integers, so a quote never rounds differently twice.
import { ServiceError } from '../../http/index.mjs'

/** rules §1: the two providers and their fee, in hundredths of a percent (meld 1 %, coinbase 2 %). */
export const ONRAMP_PROVIDERS = Object.freeze({ meld: 100, coinbase: 200 })

/** rules §9's fallback limits, the limits the stand-ins apply: per payment method, in the payment currency. */
export const PAYMENT_METHOD_LIMITS = Object.freeze([
  Object.freeze({ id: 'card', min: '10.00', max: '7500.00' }),
  Object.freeze({ id: 'ach_bank_account', min: '10.00', max: '25000.00' }),
])

/** rules §9: the payment currencies. */
export const PAYMENT_CURRENCIES = Object.freeze(['USD', 'EUR'])

/** What a euro buys in dollars: the price table is in USD. */
export const EUR_IN_USD = 1.08

/**
 * A network a currency is sold on. `chainId` is CAIP-2; `payable` says whether a stand-in can pay there (only the
 * local chains: Ethereum and Polygon are listed because rules §3 names them, and are quoted, but not paid).
 *
 * @typedef {object} OnrampNetwork
 * @property {string} name
 * @property {string} displayName
 * @property {string} chainId CAIP-2
 * @property {string} contractAddress '' for the native coin
 * @property {boolean} payable
 */

/**
 * @typedef {object} PurchaseCurrency
 * @property {string} id
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 * @property {OnrampNetwork[]} networks
 */

/** USDC's contracts on the networks rules §3 names as the default purchase currency's. */
const MAINNET_USDC = Object.freeze({
  'eip155:1': { name: 'ethereum', displayName: 'Ethereum', contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  'eip155:137': { name: 'polygon', displayName: 'Polygon', contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
})

/**
 * The currencies sold: USDC (the default, rules §3) on Ethereum, Polygon and the local chains, ETH on the local EVM
 * chains, SOL on the local Solana node.
 *
 * @param {object} options
 * @param {ReadonlyArray<{ chainId: number, usdc: string }>} options.evm
 * @param {{ chainId: string, usdcMint?: string } | undefined} options.solana
 * @returns {PurchaseCurrency[]}
 */
export function purchaseCurrencies({ evm, solana }) {
  const local = (/** @type {number} */ chainId) => ({
    name: `local-${chainId}`,
    displayName: `Local chain ${chainId}`,
    chainId: `eip155:${chainId}`,
  })
  const solanaNetwork = solana && { name: 'solana-local', displayName: 'Solana (local)', chainId: solana.chainId }
  return [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      networks: [
        ...Object.entries(MAINNET_USDC).map(([chainId, network]) => ({ ...network, chainId, payable: false })),
        ...evm.map(({ chainId, usdc }) => ({ ...local(chainId), contractAddress: usdc, payable: true })),
        ...(solanaNetwork && solana?.usdcMint ? [{ ...solanaNetwork, contractAddress: solana.usdcMint, payable: true }] : []),
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      networks: evm.map(({ chainId }) => ({ ...local(chainId), contractAddress: '', payable: true })),
    },
    ...(solanaNetwork
      ? [{ id: 'SOL', name: 'Solana', symbol: 'SOL', decimals: 9, networks: [{ ...solanaNetwork, contractAddress: '', payable: true }] }]
      : []),
  ]
}

/**
 * '50', '50.5' or '50.00' as cents; anything else (negative, more than 2 decimals, not a string) is refused.
 *
 * @param {unknown} amount
 * @param {string} field named in the refusal
 */
export function parseCents(amount, field = 'amount') {
  if (typeof amount !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(amount)) {
    throw new ServiceError(400, null, `${field} must be a decimal string with at most 2 decimals, such as "50.00"`)
  }
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** @param {bigint} cents */
export const formatCents = (cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`

/**
 * Base units as a decimal string, trailing zeros dropped.
 *
 * @param {bigint} units @param {number} decimals
 */
export function formatUnitsExact(units, decimals) {
  const digits = units.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * A decimal amount of a token ('0.5', '12') in its smallest unit; anything else (negative, exponent, more decimals than
 * the token has) is refused.
 *
 * @param {unknown} amount @param {number} decimals @param {string} field named in the refusal
 */
export function parseUnitsExact(amount, decimals, field) {
  const fraction = decimals > 0 ? `(\\.\\d{1,${decimals}})?` : ''
  const pattern = new RegExp(`^\\d{1,30}${fraction}$`)
  if (typeof amount !== 'string' || !pattern.test(amount)) {
    throw new ServiceError(400, null, `${field} must be a decimal string with at most ${decimals} decimals`)
  }
  const [whole = '0', digits = ''] = amount.split('.')
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(digits.padEnd(decimals, '0') || '0')
}

/**
 * rules §9: refuses an amount outside the payment method's limits, before any checkout opens.
 *
 * @param {bigint} cents @param {string} method @param {string} currency
 */
export function checkLimits(cents, method, currency) {
  const limits = PAYMENT_METHOD_LIMITS.find((limit) => limit.id === method)
  if (!limits) throw new ServiceError(400, null, `Unsupported payment method: ${method.slice(0, 40)} (card or ach_bank_account)`)
  if (cents < parseCents(limits.min) || cents > parseCents(limits.max)) {
    throw new ServiceError(400, null, `The amount must be between ${limits.min} and ${limits.max} ${currency} for ${method}`)
  }
}

/**
 * @typedef {object} OnrampQuote
 * @property {string} quoteId
 * @property {keyof typeof ONRAMP_PROVIDERS} provider
 * @property {string} purchaseCurrency
 * @property {string} network
 * @property {string} chainId CAIP-2
 * @property {string} paymentCurrency
 * @property {string} paymentMethod
 * @property {bigint} totalCents
 * @property {bigint} feeCents
 * @property {bigint} units the purchase, in the token's smallest unit
 * @property {number} decimals
 */

/**
 * The quote: the provider's fee (rounded up to the cent) comes off the total, the rest buys the token at the price
 * table's price, rounded down to the token's smallest unit. No network fee: the treasury pays the gas.
 *
 * @param {object} options
 * @param {keyof typeof ONRAMP_PROVIDERS} options.provider
 * @param {PurchaseCurrency} options.currency
 * @param {OnrampNetwork} options.network
 * @param {string} options.paymentCurrency
 * @param {string} options.paymentMethod
 * @param {bigint} options.totalCents
 * @param {number} options.priceUsd the token's price
 * @param {string} options.quoteId
 * @returns {OnrampQuote}
 */
export function computeQuote({ provider, currency, network, paymentCurrency, paymentMethod, totalCents, priceUsd, quoteId }) {
  const feeCents = (totalCents * BigInt(ONRAMP_PROVIDERS[provider]) + 9_999n) / 10_000n
  const subtotal = totalCents - feeCents
  // Prices in millionths of a cent, so ETH at 3000.123456 still quotes exactly.
  const usdPerUnit = paymentCurrency === 'EUR' ? priceUsd / EUR_IN_USD : priceUsd
  const price = BigInt(Math.round(usdPerUnit * 100 * 1e6))
  if (price <= 0n) throw new ServiceError(400, null, `No price for ${currency.symbol}`)
  const units = (subtotal * 10n ** BigInt(currency.decimals) * 1_000_000n) / price
  return {
    quoteId,
    provider,
    purchaseCurrency: currency.id,
    network: network.name,
    chainId: network.chainId,
    paymentCurrency,
    paymentMethod,
    totalCents,
    feeCents,
    units,
    decimals: currency.decimals,
  }
}

/**
 * The quote as rules §3 and §7 type it (Coinbase's field names; meld's fee is in `coinbaseFee` too, the field clients read).
 *
 * @param {OnrampQuote} quote
 */
export function quoteBody(quote) {
  const money = (/** @type {bigint} */ cents) => ({ value: formatCents(cents), currency: quote.paymentCurrency })
  return {
    quoteId: quote.quoteId,
    provider: quote.provider,
    paymentTotal: money(quote.totalCents),
    paymentSubtotal: money(quote.totalCents - quote.feeCents),
    purchaseAmount: { value: formatUnitsExact(quote.units, quote.decimals), currency: quote.purchaseCurrency },
    networkFee: money(0n),
    coinbaseFee: money(quote.feeCents),
    network: quote.network,
    paymentMethod: quote.paymentMethod,
  }
}
