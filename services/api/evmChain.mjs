// One EVM chain as the API reads it: a client on its node, the names of its tokens (read once each and kept), and
// where its accounts' history comes from (the node's Otterscan API or an explorer). Nothing about the chain's
// blocks is kept here: every history page and every balance is read from the node or the explorer when asked.
import { BaseError, HttpRequestError, TimeoutError, createPublicClient, erc20Abi, erc721Abi, getAddress, http } from 'viem'

import { createExplorerHistory } from './explorerHistory.mjs'
import { MULTICALL3_ADDRESS } from './multicall3.mjs'
import { createOtsHistory } from './otsHistory.mjs'
import { parseTokenUri } from './parseTokenUri.mjs'

/**
 * @typedef {object} HistoryTransfer one asset moved by a transaction
 * @property {'native' | 'erc20' | 'erc721'} kind
 * @property {`0x${string}`} [token] the contract, for erc20 and erc721
 * @property {`0x${string}`} from
 * @property {`0x${string}`} to
 * @property {bigint} amount base units (1 for an ERC-721 token)
 * @property {bigint} [tokenId] erc721
 * @property {number} logIndex -1 for the transaction's own value
 */

/**
 * @typedef {object} ChainTransaction a transaction of an account, as every history source gives it
 * @property {string} chainId CAIP-2
 * @property {`0x${string}`} hash
 * @property {number} blockNumber
 * @property {number} index the transaction's position in its block
 * @property {number} timestamp seconds
 * @property {`0x${string}`} from
 * @property {`0x${string}` | null} to the contract created, for a deployment
 * @property {'confirmed' | 'failed'} status
 * @property {HistoryTransfer[]} transfers
 */

/**
 * @typedef {object} HistoryPage
 * @property {ChainTransaction[]} transactions newest first, at most the page size
 * @property {boolean} more whether older transactions remain
 */

/**
 * @typedef {object} HistorySource
 * @property {(address: `0x${string}`, before?: { block: number, index: number }) => Promise<HistoryPage>} page the
 *   account's newest transactions strictly before `before` (from the head when absent)
 * @property {(address: `0x${string}`) => Promise<`0x${string}`[]>} tokensOf every ERC-20 contract the account ever
 *   received
 */

/**
 * @typedef {{ kind: 'erc20' | 'erc721', address: `0x${string}`, name: string | null, symbol: string | null,
 *   decimals: number }} TokenInfo
 */

/**
 * @typedef {{ source: 'ots' } | { source: 'explorer', url: string, apiKey?: string }} HistoryOption where a chain's
 *   account history comes from: its node's Otterscan API (`ots_`; Erigon, Reth, anvil) or an Etherscan-compatible
 *   explorer API (Blockscout, Etherscan v2: `url` is the API's endpoint, `…/api`)
 */

/** How many accounts' received tokens a chain remembers (a hint that saves a balance read one round trip). */
export const RECEIVED_TOKENS_KEPT = 10_000

/** True when `error` says the node could not be reached (as opposed to a call that reverted). */
export const isUnreachable = (/** @type {unknown} */ error) =>
  !(error instanceof BaseError) || Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError))

/**
 * @param {object} options
 * @param {number} options.chainId
 * @param {string} options.rpcUrl
 * @param {{ name: string, symbol: string, decimals: number }} [options.nativeCurrency] (default Ether, ETH, 18 decimals)
 * @param {HistoryOption} [options.history] (default the node's `ots_`)
 * @param {`0x${string}`} [options.multicall3] (default Multicall3's canonical address)
 * @param {number} options.pageSize transactions per history page
 */
export function createEvmChain({
  chainId,
  rpcUrl,
  nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 },
  history = { source: 'ots' },
  multicall3 = MULTICALL3_ADDRESS,
  pageSize,
}) {
  const caip2 = `eip155:${chainId}`
  // No retries: a dead node should become a 502 at once. Concurrent reads of one request go out as one batch.
  const client = createPublicClient({ transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: 10_000 }) })
  /** @type {Map<string, Promise<TokenInfo>>} by lower-case address */
  const tokenInfos = new Map()
  /** @type {Map<string, Promise<{ name: string | null, image: string | null }>>} by `address:tokenId` */
  const nftInfos = new Map()

  /**
   * Reads a value the contract may not implement: null when it reverts; a node that cannot be reached throws.
   *
   * @template T
   * @param {() => Promise<T>} read
   * @returns {Promise<T | null>}
   */
  async function optional(read) {
    try {
      return await read()
    } catch (error) {
      if (isUnreachable(error)) throw error
      return null
    }
  }

  /**
   * Cached per key; a failure to reach the node is not cached, so the next request tries again.
   *
   * @template T
   * @param {Map<string, Promise<T>>} cache
   * @param {string} key
   * @param {() => Promise<T>} read
   */
  function cached(cache, key, read) {
    let entry = cache.get(key)
    if (!entry) {
      entry = read()
      cache.set(key, entry)
      entry.catch(() => cache.delete(key))
    }
    return entry
  }

  /** @type {Map<string, `0x${string}`[]>} by lower-case account, least recently read first */
  const receivedTokens = new Map()

  /**
   * Records what a token list, an explorer or a batch read says a token is, so it is not read again.
   *
   * @param {TokenInfo} info
   */
  const learnToken = (info) => {
    if (!tokenInfos.has(info.address.toLowerCase())) tokenInfos.set(info.address.toLowerCase(), Promise.resolve(info))
  }

  return {
    /** CAIP-2, `eip155:<id>`. */
    chainId: caip2,
    rpcUrl,
    nativeCurrency,
    multicall3,
    /** The viem public client every read of this chain goes through. */
    client: /** @type {import('viem').PublicClient} */ (client),
    /** Where the accounts' history comes from. */
    history:
      history.source === 'explorer'
        ? createExplorerHistory({ chainId, url: history.url, apiKey: history.apiKey, pageSize, learnToken })
        : createOtsHistory({ chainId: caip2, client: /** @type {import('viem').PublicClient} */ (client), pageSize }),
    /**
     * Name, symbol and decimals of a token contract, read once.
     *
     * @param {`0x${string}`} address
     * @param {'erc20' | 'erc721'} [kind] what its Transfer events say it is (default erc20)
     * @returns {Promise<TokenInfo>}
     */
    tokenInfo: (address, kind = 'erc20') =>
      cached(tokenInfos, address.toLowerCase(), async () => {
        const abi = kind === 'erc20' ? erc20Abi : erc721Abi
        const read = (/** @type {'name' | 'symbol'} */ functionName) => optional(() => client.readContract({ address, abi, functionName }))
        const [name, symbol, decimals] = await Promise.all([
          read('name'),
          read('symbol'),
          // A token without decimals() counts whole units.
          kind === 'erc20' ? optional(() => client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })) : 0,
        ])
        return { kind, address: getAddress(address), name, symbol, decimals: decimals ?? 0 }
      }),
    /**
     * Whether the token's name is known without asking the node.
     *
     * @param {`0x${string}`} address
     */
    knowsToken: (address) => tokenInfos.has(address.toLowerCase()),
    learnToken,
    /**
     * The tokens an account was last seen to have received, for a balance read to start before they are looked up
     * again; a hint only (the lookup decides), kept for the RECEIVED_TOKENS_KEPT accounts read last.
     *
     * @param {string} account
     */
    rememberedTokens: (account) => receivedTokens.get(account.toLowerCase()),
    /**
     * @param {string} account
     * @param {`0x${string}`[]} tokens
     */
    rememberTokens: (account, tokens) => {
      receivedTokens.delete(account.toLowerCase())
      receivedTokens.set(account.toLowerCase(), tokens)
      if (receivedTokens.size > RECEIVED_TOKENS_KEPT) receivedTokens.delete(/** @type {string} */ (receivedTokens.keys().next().value))
    },
    /**
     * The name and image of an ERC-721 token, from its tokenURI when that is a data: URI.
     *
     * @param {`0x${string}`} address
     * @param {bigint} tokenId
     */
    nftInfo: (address, tokenId) =>
      cached(nftInfos, `${address.toLowerCase()}:${tokenId}`, async () => {
        const uri = await optional(() => client.readContract({ address, abi: erc721Abi, functionName: 'tokenURI', args: [tokenId] }))
        return uri ? parseTokenUri(uri) : { name: null, image: null }
      }),
  }
}

/** @typedef {ReturnType<typeof createEvmChain>} EvmChain */
