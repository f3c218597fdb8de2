// The data options of `node services/api/cli.mjs`, read from environment variables (docs/services/api.md lists them):
// where each chain's history comes from, the token lists, the pools that price tokens and the price table.
import { isAddress } from 'viem'

import { tokenListsSetting } from './tokenLists.mjs'

/**
 * `1=https://…,8453=https://…` as a map by chain id; throws naming the variable when an entry is malformed.
 *
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @returns {Map<number, string>}
 */
function perChain(env, name) {
  /** @type {Map<number, string>} */
  const entries = new Map()
  for (const entry of (env[name] ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [, chainId, value] = /^\s*(\d+)=(\S+)\s*$/.exec(entry) ?? []
    if (!chainId || !value) throw new TypeError(`${name}: expected chainId=value, got ${JSON.stringify(entry)}`)
    entries.set(Number(chainId), value)
  }
  return entries
}

/**
 * Adds to each chain what the variables say about it:
 * - FOYER_API_EXPLORERS `chainId=url,…`: its history from that Etherscan-compatible explorer API (Blockscout's
 *   `…/api`, Etherscan v2's `https://api.etherscan.io/v2/api`), with FOYER_API_EXPLORER_KEY as `apikey` when set; the
 *   chains not named read history from their node's Otterscan API.
 * - FOYER_API_POOLS `chainId=router:usdc,…`: a Uniswap V2 Router02 whose pools price the tokens the price table does
 *   not list, against that USDC.
 * - FOYER_API_MULTICALL3 `chainId=address,…`: where Multicall3 is, on a chain that has it elsewhere than its
 *   canonical address.
 *
 * @template {import('./startApi.mjs').ApiChain} C
 * @param {C[]} chains
 * @param {Record<string, string | undefined>} env
 * @returns {C[]}
 */
export function chainsFromEnv(chains, env) {
  const explorers = perChain(env, 'FOYER_API_EXPLORERS')
  const pools = perChain(env, 'FOYER_API_POOLS')
  const multicalls = perChain(env, 'FOYER_API_MULTICALL3')
  const apiKey = env['FOYER_API_EXPLORER_KEY'] || undefined
  for (const [name, entries] of /** @type {const} */ ([
    ['FOYER_API_EXPLORERS', explorers],
    ['FOYER_API_POOLS', pools],
    ['FOYER_API_MULTICALL3', multicalls],
  ])) {
    for (const chainId of entries.keys()) {
      if (!chains.some((chain) => chain.chainId === chainId))
        throw new TypeError(`${name}: chain ${chainId} is not one of the API's chains`)
    }
  }
  return chains.map((chain) => {
    const explorer = explorers.get(chain.chainId)
    const pool = pools.get(chain.chainId)
    const multicall3 = multicalls.get(chain.chainId)
    const [router, usdc] = pool?.split(':') ?? []
    if (pool !== undefined && !(router && usdc && isAddress(router, { strict: false }) && isAddress(usdc, { strict: false }))) {
      throw new TypeError(
        `FOYER_API_POOLS: expected chainId=router:usdc (two addresses), got ${JSON.stringify(`${chain.chainId}=${pool}`)}`,
      )
    }
    return {
      ...chain,
      ...(explorer && { history: { source: /** @type {const} */ ('explorer'), url: explorer, ...(apiKey && { apiKey }) } }),
      ...(router && usdc && { pools: { router, usdc } }),
      ...(multicall3 && { multicall3 }),
    }
  })
}

/**
 * The API-wide data options:
 * - FOYER_API_TOKEN_LISTS: comma-separated token lists (file paths, http(s) URLs, `uniswap-default`) whose tokens
 *   every balance read includes (default `uniswap-default`; `none` for no list).
 * - FOYER_API_PRICES: a JSON object of USD prices by symbol, address or CAIP-10 id (`{"ETH":3000}`), which win over
 *   the pools.
 * - FOYER_API_DEV_PRICES `on` | `off`: the dev chains' fixed prices fill in what FOYER_API_PRICES does not name
 *   (default `on` for the local chains of `npm start`, `off` when FOYER_API_CHAINS names the chains).
 *
 * @param {Record<string, string | undefined>} env
 * @param {{ localChains: boolean }} context whether the chains are `npm start`'s
 * @returns {Pick<import('./startApi.mjs').StartApiOptions, 'tokenLists' | 'prices' | 'devPrices'>}
 */
export function dataOptionsFromEnv(env, { localChains }) {
  const tokenLists = tokenListsSetting(env['FOYER_API_TOKEN_LISTS'])
  /** @type {Record<string, number> | undefined} */
  let prices
  const rawPrices = env['FOYER_API_PRICES']
  if (rawPrices) {
    try {
      prices = JSON.parse(rawPrices)
    } catch {
      // answered below
    }
    if (prices === null || typeof prices !== 'object' || Array.isArray(prices)) {
      throw new TypeError(`FOYER_API_PRICES must be a JSON object such as {"ETH":3000}, got ${JSON.stringify(rawPrices)}`)
    }
  }
  const dev = env['FOYER_API_DEV_PRICES']
  if (dev !== undefined && dev !== 'on' && dev !== 'off')
    throw new TypeError(`FOYER_API_DEV_PRICES must be on or off, got ${JSON.stringify(dev)}`)
  return { tokenLists, ...(prices && { prices }), devPrices: dev === undefined ? localChains : dev === 'on' }
}
