// The tokens whose balances the API reads for every account, from token lists in the Uniswap token-list standard
// (https://tokenlists.org: `{ name, tokens: [{ chainId, address, name, symbol, decimals, logoURI? }] }`). Each list may
// name tokens of many chains; a chain reads the entries of its own chain id.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import { getAddress, isAddress } from 'viem'

/** The name the `tokenLists` option and FOYER_API_TOKEN_LISTS give Uniswap's default list (@uniswap/default-token-list). */
export const UNISWAP_DEFAULT_LIST = 'uniswap-default'

/**
 * The token lists an environment variable names (FOYER_API_TOKEN_LISTS, FOYER_WALLET_TOKEN_LISTS): comma-separated
 * file paths, http(s) URLs and `uniswap-default`; `none` for no list; unset or empty, Uniswap's default list.
 *
 * @param {string | undefined} setting
 * @returns {string[]}
 */
export function tokenListsSetting(setting) {
  const lists = setting?.trim()
  if (lists === undefined || lists === '') return [UNISWAP_DEFAULT_LIST]
  if (lists === 'none') return []
  return lists
    .split(',')
    .map((list) => list.trim())
    .filter(Boolean)
}

/**
 * @typedef {object} ListedToken
 * @property {number} chainId
 * @property {`0x${string}`} address
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 */

/**
 * @typedef {{ tokens: unknown[] }} TokenList a list as read (only `tokens` is used)
 */

/**
 * Reads every list and keeps its well-formed entries, by CAIP-2 chain id, each address once.
 *
 * @param {ReadonlyArray<string | TokenList>} sources UNISWAP_DEFAULT_LIST, a file path, an http(s) URL, or a list
 * @returns {Promise<Map<string, ListedToken[]>>}
 */
export async function loadTokenLists(sources) {
  /** @type {Map<string, Map<string, ListedToken>>} */
  const byChain = new Map()
  for (const source of sources) {
    const list = await readList(source)
    if (!Array.isArray(list?.tokens)) throw new TypeError(`The token list ${describe(source)} has no tokens array`)
    for (const entry of list.tokens) {
      const token = checkEntry(entry)
      if (!token) continue
      const chain = byChain.get(`eip155:${token.chainId}`) ?? new Map()
      byChain.set(`eip155:${token.chainId}`, chain)
      if (!chain.has(token.address.toLowerCase())) chain.set(token.address.toLowerCase(), token)
    }
  }
  return new Map([...byChain].map(([chainId, tokens]) => [chainId, [...tokens.values()]]))
}

/**
 * @param {string | TokenList} source
 * @returns {Promise<TokenList>}
 */
async function readList(source) {
  if (typeof source !== 'string') return source
  try {
    if (source === UNISWAP_DEFAULT_LIST) return readUniswapDefault()
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source, { signal: AbortSignal.timeout(10_000) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return await response.json()
    }
    return JSON.parse(await readFile(source, 'utf8'))
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new TypeError(`The token list ${describe(source)} could not be read: ${reason}`)
  }
}

/**
 * Uniswap's default list, a devDependency (GPL-3.0-or-later data, never in dist/): an install without it has no
 * default list rather than no API.
 *
 * @returns {TokenList}
 */
function readUniswapDefault() {
  try {
    return createRequire(import.meta.url)('@uniswap/default-token-list')
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'MODULE_NOT_FOUND') return { tokens: [] }
    throw error
  }
}

/**
 * An entry the API can use: an EVM address, a name, a symbol and decimals (a list entry of another kind is skipped).
 *
 * @param {any} entry
 * @returns {ListedToken | undefined}
 */
function checkEntry(entry) {
  const { chainId, address, name, symbol, decimals } = entry ?? {}
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || typeof address !== 'string' || !isAddress(address, { strict: false }))
    return undefined
  if (typeof name !== 'string' || typeof symbol !== 'string' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    return undefined
  return { chainId, address: getAddress(address), name, symbol, decimals }
}

/** @param {string | TokenList} source */
const describe = (source) => (typeof source === 'string' ? JSON.stringify(source) : 'given')
