// One chain's Uniswap V2 deployment as the convert calls read it: the router's factory and WETH, the factory's
// pairs (read once and then only the new ones), each pool's reserves (read fresh for every quote) and the best
// route between two tokens, priced with the pair contract's own formula.
import { createPublicClient, getAddress, http, parseAbi } from 'viem'

/** The convert calls' name for a network's native coin (as AppKit's client sends it). */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Uniswap V2 keeps 0.3 % of each hop's input: the output formula multiplies by 997 / 1000. */
export const POOL_FEE_PERCENT = 0.3

const routerAbi = parseAbi(['function factory() view returns (address)', 'function WETH() view returns (address)'])
const factoryAbi = parseAbi(['function allPairsLength() view returns (uint256)', 'function allPairs(uint256) view returns (address)'])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/**
 * @typedef {object} Hop
 * @property {`0x${string}`} pair
 * @property {`0x${string}`} tokenIn
 * @property {`0x${string}`} tokenOut
 * @property {bigint} amountIn
 * @property {bigint} amountOut
 * @property {bigint} reserveIn
 * @property {bigint} reserveOut
 */

/**
 * @typedef {object} Route
 * @property {`0x${string}`[]} path token contracts, WETH standing for the native coin, as the router takes it
 * @property {Hop[]} hops
 * @property {bigint} amountOut
 * @property {number} priceImpact percent: how much less than the pools' mid price the output is, fees aside
 */

/**
 * The output of one constant-product hop, exactly as UniswapV2Library.getAmountOut computes it.
 *
 * @param {bigint} amountIn
 * @param {bigint} reserveIn
 * @param {bigint} reserveOut
 */
export function getAmountOut(amountIn, reserveIn, reserveOut) {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

/**
 * @param {object} options
 * @param {string} options.rpcUrl
 * @param {`0x${string}`} options.router UniswapV2Router02
 */
export function createAmm({ rpcUrl, router }) {
  // Concurrent reads of one request (reserves of every pool on a route) go out as one JSON-RPC batch.
  const client = createPublicClient({ transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: 10_000 }) })
  /** @type {Promise<{ factory: `0x${string}`, weth: `0x${string}` }> | undefined} */
  let contracts
  /** @type {Array<{ pair: `0x${string}`, token0: `0x${string}`, token1: `0x${string}` }>} */
  const pairs = []
  /** @type {Promise<void> | undefined} */
  let readingPairs

  const readContracts = () => {
    contracts ??= Promise.all([
      client.readContract({ address: router, abi: routerAbi, functionName: 'factory' }),
      client.readContract({ address: router, abi: routerAbi, functionName: 'WETH' }),
    ]).then(([factory, weth]) => ({ factory, weth }))
    // A failed read (the node was down) is asked again next time.
    contracts.catch(() => (contracts = undefined))
    return contracts
  }

  /** Reads the pairs the factory created since the last call; one read at a time. */
  const refreshPairs = () => {
    readingPairs ??= (async () => {
      const { factory } = await readContracts()
      const length = Number(await client.readContract({ address: factory, abi: factoryAbi, functionName: 'allPairsLength' }))
      const added = await Promise.all(
        Array.from({ length: length - pairs.length }, async (_, offset) => {
          const pair = await client.readContract({
            address: factory,
            abi: factoryAbi,
            functionName: 'allPairs',
            args: [BigInt(pairs.length + offset)],
          })
          const [token0, token1] = await Promise.all([
            client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
            client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' }),
          ])
          return { pair, token0, token1 }
        }),
      )
      pairs.push(...added)
    })().finally(() => (readingPairs = undefined))
    return readingPairs
  }

  /** @param {`0x${string}`} a @param {`0x${string}`} b */
  const pairOf = (a, b) => pairs.find(({ token0, token1 }) => (same(token0, a) && same(token1, b)) || (same(token0, b) && same(token1, a)))

  /**
   * Prices a path hop by hop from the pools' current reserves.
   *
   * @param {bigint} amountIn
   * @param {`0x${string}`[]} path
   * @returns {Promise<Route>}
   */
  async function price(amountIn, path) {
    const legs = path.slice(1).map((tokenOut, index) => {
      const tokenIn = /** @type {`0x${string}`} */ (path[index])
      return { tokenIn, tokenOut, .../** @type {NonNullable<ReturnType<typeof pairOf>>} */ (pairOf(tokenIn, tokenOut)) }
    })
    const reserves = await Promise.all(
      legs.map((leg) => client.readContract({ address: leg.pair, abi: pairAbi, functionName: 'getReserves' })),
    )
    /** @type {Hop[]} */
    const hops = []
    let amount = amountIn
    // The mid price along the path, as a fraction: what the input would fetch with no fee and no slippage.
    let midNumerator = amountIn
    let midDenominator = 1n
    for (const [index, leg] of legs.entries()) {
      const [reserve0, reserve1] = /** @type {readonly [bigint, bigint, number]} */ (reserves[index])
      const [reserveIn, reserveOut] = same(leg.token0, leg.tokenIn) ? [reserve0, reserve1] : [reserve1, reserve0]
      const amountOut = getAmountOut(amount, reserveIn, reserveOut)
      hops.push({ pair: leg.pair, tokenIn: leg.tokenIn, tokenOut: leg.tokenOut, amountIn: amount, amountOut, reserveIn, reserveOut })
      midNumerator *= reserveOut
      midDenominator *= reserveIn
      amount = amountOut
    }
    // The fee is its own line of the quote, so the impact leaves it out: ideal = mid × 0.997 per hop.
    const feeFactor = 0.997 ** hops.length
    const ideal = (Number(midNumerator) / Number(midDenominator)) * feeFactor
    const priceImpact = ideal > 0 ? Math.max(0, (1 - Number(amount) / ideal) * 100) : 100
    return { path, hops, amountOut: amount, priceImpact }
  }

  return {
    client: /** @type {import('viem').PublicClient} */ (client),
    router,
    /** WETH9 and the factory, read from the router once. */
    contracts: readContracts,
    /**
     * The tokens that have a pool, WETH left out (it is the native coin here).
     *
     * @returns {Promise<`0x${string}`[]>}
     */
    async tokens() {
      await refreshPairs()
      const { weth } = await readContracts()
      /** @type {Map<string, `0x${string}`>} */
      const found = new Map()
      for (const { token0, token1 } of pairs) {
        for (const token of [token0, token1]) if (!same(token, weth)) found.set(token.toLowerCase(), getAddress(token))
      }
      return [...found.values()]
    },
    /**
     * The route that gives the most for `amountIn` of `from`: the direct pool, or through WETH. Undefined when no
     * pools connect the two.
     *
     * @param {bigint} amountIn
     * @param {`0x${string}`} from a token contract, or WETH for the native coin
     * @param {`0x${string}`} to
     * @returns {Promise<Route | undefined>}
     */
    async bestRoute(amountIn, from, to) {
      await refreshPairs()
      const { weth } = await readContracts()
      /** @type {`0x${string}`[][]} */
      const paths = []
      if (pairOf(from, to)) paths.push([from, to])
      if (!same(from, weth) && !same(to, weth) && pairOf(from, weth) && pairOf(weth, to)) paths.push([from, weth, to])
      const routes = await Promise.all(paths.map((path) => price(amountIn, path)))
      return routes.reduce(
        (best, route) => (best === undefined || route.amountOut > best.amountOut ? route : best),
        /** @type {Route | undefined} */ (undefined),
      )
    },
  }
}

/** @typedef {ReturnType<typeof createAmm>} Amm */

/** @param {string} a @param {string} b */
const same = (a, b) => a.toLowerCase() === b.toLowerCase()
