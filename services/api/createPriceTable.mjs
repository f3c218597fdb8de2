// The USD prices the API quotes. There is no market on a local chain: prices come from a table, by token address
// (plain or CAIP-10) or by symbol, so the fixture tokens have values and tests can pick any price they need.

/** Used unless `prices` names the same key. USDTS is the fixture chains' USDT-style token. */
export const DEFAULT_PRICES = Object.freeze({ ETH: 3000, USDC: 1, USDT: 1, USDTS: 1, SOL: 150 })

/**
 * @param {Record<string, number>} [prices] by symbol ('USDC'), address ('0x…') or CAIP-10 id ('eip155:1:0x…')
 * @returns {(token: { chainId: string, address?: string, symbol: string | null }) => number} 0 when unlisted
 */
export function createPriceTable(prices = {}) {
  /** @type {Map<string, number>} */
  const table = new Map()
  for (const [key, price] of Object.entries({ ...DEFAULT_PRICES, ...prices })) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
      throw new TypeError(`prices.${key} must be a finite number of at least 0`)
    }
    // Addresses in any case, symbols as written upper-cased: one key space, no clash (a symbol has no '0x' + 40 hex).
    table.set(key.toUpperCase(), price)
  }
  return ({ chainId, address, symbol }) =>
    (address ? (table.get(`${chainId}:${address}`.toUpperCase()) ?? table.get(address.toUpperCase())) : undefined) ??
    (symbol ? table.get(symbol.toUpperCase()) : undefined) ??
    0
}
