// The USD price of a token: the configured table first (createPriceTable), else the chain's pools — the mid price
// of a Uniswap V2 router's best route from the token to USDC, taken as one dollar — else 0.

/** How long a pool price is reused: reserves move with every swap, but a balance page need not read them each time. */
export const POOL_PRICE_TTL_MS = 10_000

/**
 * @typedef {(token: { chainId: string, address?: string, symbol: string | null }) => Promise<number>} Pricing
 */

/**
 * @param {object} options
 * @param {import('./createPriceTable.mjs').PriceLookup} options.table
 * @param {Map<string, { amm: import('./createAmm.mjs').Amm, usdc: `0x${string}`, chain: import('./evmChain.mjs').EvmChain }>} options.pools
 *   by CAIP-2 chain id
 * @param {number} [options.ttlMs] (default POOL_PRICE_TTL_MS)
 * @param {() => number} [options.now]
 * @returns {Pricing}
 */
export function createPricing({ table, pools, ttlMs = POOL_PRICE_TTL_MS, now = Date.now }) {
  /** @type {Map<string, { at: number, price: Promise<number> }>} */
  const cache = new Map()
  return async (token) => {
    const listed = table(token)
    if (listed !== undefined) return listed
    const pool = pools.get(token.chainId)
    if (!pool) return 0
    const key = `${token.chainId}:${token.address?.toLowerCase() ?? 'native'}`
    const hit = cache.get(key)
    if (hit && now() - hit.at < ttlMs) return hit.price
    const price = poolPrice(pool, token.address)
    cache.set(key, { at: now(), price })
    // A node that failed is asked again next time.
    price.catch(() => cache.delete(key))
    return price
  }
}

/**
 * The mid price (fees and slippage aside) of one whole token in USDC along the route the router would take.
 *
 * @param {{ amm: import('./createAmm.mjs').Amm, usdc: `0x${string}`, chain: import('./evmChain.mjs').EvmChain }} pool
 * @param {string | undefined} address undefined for the native coin (WETH's pools)
 */
async function poolPrice({ amm, usdc, chain }, address) {
  if (address?.toLowerCase() === usdc.toLowerCase()) return 1
  const { weth } = await amm.contracts()
  const token = /** @type {`0x${string}`} */ (address ?? weth)
  const [decimals, usdcDecimals] = await Promise.all([
    address ? chain.tokenInfo(token).then((info) => info.decimals) : chain.nativeCurrency.decimals,
    chain.tokenInfo(usdc).then((info) => info.decimals),
  ])
  const route = await amm.bestRoute(10n ** BigInt(decimals), token, usdc)
  if (!route) return 0
  const ratio = route.hops.reduce((product, hop) => (product * Number(hop.reserveOut)) / Number(hop.reserveIn), 1)
  return (ratio * 10 ** decimals) / 10 ** usdcDecimals
}
