// The USD prices the API quotes from a table, by token address (plain or CAIP-10) or by symbol. A host configures
// the table for the tokens it has a price source for; the dev chains' tokens have no market, so DEFAULT_PRICES is
// their explicit fallback (on by default for the local stack; `devPrices: false` leaves it out). Tokens the table
// does not list are priced from the chain's pools (createPricing).

/** The dev chains' prices. USDTS is the fixture chains' USDT-style token. */
export const DEFAULT_PRICES = Object.freeze({ ETH: 3000, USDC: 1, USDT: 1, USDTS: 1, SOL: 150 })

/**
 * @typedef {(token: { chainId: string, address?: string, symbol: string | null }) => number | undefined} PriceLookup
 */

/**
 * @param {Record<string, number>} [prices] by symbol ('USDC'), address ('0x…') or CAIP-10 id ('eip155:1:0x…')
 * @param {{ devPrices?: boolean }} [options] whether DEFAULT_PRICES fill in what `prices` does not name (default true)
 * @returns {PriceLookup} undefined when unlisted
 */
export function lookupPrices(prices = {}, { devPrices = true } = {}) {
  /** @type {Map<string, number>} */
  const table = new Map()
  for (const [key, price] of Object.entries({ ...(devPrices ? DEFAULT_PRICES : {}), ...prices })) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
      throw new TypeError(`prices.${key} must be a finite number of at least 0`)
    }
    // Addresses in any case, symbols as written upper-cased: one key space, no clash (a symbol has no '0x' + 40 hex).
    table.set(key.toUpperCase(), price)
  }
  return ({ chainId, address, symbol }) =>
    (address ? (table.get(`${chainId}:${address}`.toUpperCase()) ?? table.get(address.toUpperCase())) : undefined) ??
    (symbol ? table.get(symbol.toUpperCase()) : undefined)
}

/**
 * The table alone, 0 for what it does not list (the on-ramp stand-ins quote from it).
 *
 * @param {Record<string, number>} [prices]
 * @param {{ devPrices?: boolean }} [options]
 * @returns {(token: { chainId: string, address?: string, symbol: string | null }) => number}
 */
export function createPriceTable(prices, options) {
  const lookup = lookupPrices(prices, options)
  return (token) => lookup(token) ?? 0
}
