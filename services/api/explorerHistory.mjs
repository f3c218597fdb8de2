// An account's history from an Etherscan-compatible explorer API (Blockscout, which is self-hostable, or Etherscan
// v2), for a chain whose node has no Otterscan API: `module=account` with `action=txlist` (the transactions it sent
// or received), `tokentx` (ERC-20 transfers) and `tokennfttx` (ERC-721), newest first, up to a block.
import { getAddress } from 'viem'

import { UpstreamError } from './errors.mjs'

/** Etherscan answers at most 10,000 rows per query (page × offset). */
const MAX_ROWS = 10_000

/**
 * @typedef {object} ExplorerRow the fields read of an explorer's row (all strings, numbers in decimal)
 * @property {string} blockNumber
 * @property {string} timeStamp seconds
 * @property {string} hash
 * @property {string} transactionIndex
 * @property {string} from
 * @property {string} to '' for a deployment
 * @property {string} value
 * @property {string} [contractAddress] the token (tokentx, tokennfttx) or the contract created (txlist)
 * @property {string} [isError] txlist: '1' when the transaction failed
 * @property {string} [tokenName]
 * @property {string} [tokenSymbol]
 * @property {string} [tokenDecimal]
 * @property {string} [tokenID] tokennfttx
 * @property {string} [logIndex] Blockscout's rows have it; Etherscan's do not
 */

/** @typedef {import('./evmChain.mjs').ChainTransaction} ChainTransaction */

/**
 * @param {object} options
 * @param {number} options.chainId sent as `chainid` (Etherscan v2 needs it; Blockscout ignores it)
 * @param {string} options.url the API's endpoint (`https://eth.blockscout.com/api`, `https://api.etherscan.io/v2/api`)
 * @param {string} [options.apiKey] sent as `apikey`; never logged
 * @param {number} options.pageSize
 * @param {(info: import('./evmChain.mjs').TokenInfo) => void} options.learnToken told each token's name, symbol and
 *   decimals as the explorer gives them, so the node is not asked
 * @returns {import('./evmChain.mjs').HistorySource}
 */
export function createExplorerHistory({ chainId, url, apiKey, pageSize, learnToken }) {
  const caip2 = `eip155:${chainId}`
  const endpoint = new URL(url)
  // Rows fetched per list: twice a page, so that a page usually needs one query of each list.
  const rows = Math.min(pageSize * 2, MAX_ROWS)

  /**
   * One query; a refusal (a bad key, a rate limit) is the explorer's failure, answered 502.
   *
   * @param {Record<string, string>} params
   * @returns {Promise<ExplorerRow[]>}
   */
  async function query(params) {
    const target = new URL(endpoint)
    for (const [name, value] of Object.entries({ chainid: String(chainId), module: 'account', ...params }))
      target.searchParams.set(name, value)
    if (apiKey) target.searchParams.set('apikey', apiKey)
    /** @type {{ status?: string, message?: string, result?: unknown }} */
    let body
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(10_000) })
      body = await response.json()
    } catch (error) {
      throw new UpstreamError(`The explorer of ${caip2} at ${endpoint.host} did not answer`, error)
    }
    // status '0' with a list is "nothing found"; with a string it is a refusal, which the string explains.
    if (Array.isArray(body?.result)) return /** @type {ExplorerRow[]} */ (body.result)
    const reason = typeof body?.result === 'string' ? body.result : (body?.message ?? 'no result')
    throw new UpstreamError(`The explorer of ${caip2} at ${endpoint.host} refused: ${reason.slice(0, 200)}`)
  }

  /**
   * @param {`0x${string}`} address
   * @param {'txlist' | 'tokentx' | 'tokennfttx'} action
   * @param {number | undefined} endblock
   */
  const list = (address, action, endblock, offset = rows) =>
    query({
      action,
      address,
      startblock: '0',
      ...(endblock === undefined ? {} : { endblock: String(endblock) }),
      page: '1',
      offset: String(offset),
      sort: 'desc',
    })

  return {
    async page(address, before) {
      const lists = await Promise.all(
        /** @type {const} */ (['txlist', 'tokentx', 'tokennfttx']).map((action) => list(address, action, before?.block)),
      )
      // A full list may have been cut inside its oldest block: only the blocks above it are complete.
      const bound = Math.max(
        -1,
        ...lists.filter((found) => found.length >= rows).map((found) => Math.min(...found.map((row) => Number(row.blockNumber)))),
      )
      const [txs = [], tokens = [], nfts = []] = lists
      const byHash = merge(txs, tokens, nfts)
      const all = [...byHash.values()]
        .filter((tx) => !before || tx.blockNumber < before.block || (tx.blockNumber === before.block && tx.index < before.index))
        .sort((a, b) => b.blockNumber - a.blockNumber || b.index - a.index)
      const complete = all.filter((tx) => tx.blockNumber > bound)
      // One block holding more rows than a query returns: take it as it came rather than stall.
      const candidates = complete.length > 0 ? complete : all
      return { transactions: candidates.slice(0, pageSize), more: bound >= 0 || candidates.length > pageSize }
    },

    async tokensOf(address) {
      const rows = await list(address, 'tokentx', undefined, MAX_ROWS)
      const tokens = new Set(
        rows
          .filter((row) => row.to.toLowerCase() === address.toLowerCase() && row.contractAddress)
          .map((row) => row.contractAddress?.toLowerCase()),
      )
      merge([], rows, [])
      return [...tokens].map((token) => getAddress(/** @type {string} */ (token)))
    },
  }

  /**
   * The rows of one account as transactions, by hash: a txlist row gives the transaction, its token rows its transfers.
   *
   * @param {ExplorerRow[]} txs
   * @param {ExplorerRow[]} tokens
   * @param {ExplorerRow[]} nfts
   */
  function merge(txs, tokens, nfts) {
    /** @type {Map<string, ChainTransaction>} */
    const byHash = new Map()
    /** @param {ExplorerRow} row */
    const transactionOf = (row) => {
      let tx = byHash.get(row.hash)
      if (!tx) {
        tx = {
          chainId: caip2,
          hash: /** @type {`0x${string}`} */ (row.hash),
          blockNumber: Number(row.blockNumber),
          index: Number(row.transactionIndex),
          timestamp: Number(row.timeStamp),
          from: getAddress(row.from),
          to: row.to ? getAddress(row.to) : null,
          status: 'confirmed',
          transfers: [],
        }
        byHash.set(row.hash, tx)
      }
      return tx
    }
    for (const row of txs) {
      const tx = transactionOf(row)
      tx.from = getAddress(row.from)
      tx.to = row.to ? getAddress(row.to) : row.contractAddress ? getAddress(row.contractAddress) : null
      tx.status = row.isError === '1' ? 'failed' : 'confirmed'
      if (BigInt(row.value) > 0n && row.to && tx.status === 'confirmed') {
        tx.transfers.unshift({ kind: 'native', from: tx.from, to: getAddress(row.to), amount: BigInt(row.value), logIndex: -1 })
      }
    }
    for (const [kind, found] of /** @type {const} */ ([
      ['erc20', tokens],
      ['erc721', nfts],
    ])) {
      for (const row of found) {
        if (!row.contractAddress) continue
        const token = getAddress(row.contractAddress)
        learnToken({
          kind,
          address: token,
          name: row.tokenName || null,
          symbol: row.tokenSymbol || null,
          decimals: kind === 'erc20' ? Number(row.tokenDecimal ?? 0) || 0 : 0,
        })
        const base = { kind, token, from: getAddress(row.from), to: getAddress(row.to), logIndex: Number(row.logIndex ?? 0) }
        transactionOf(row).transfers.push(
          kind === 'erc721' ? { ...base, amount: 1n, tokenId: BigInt(row.tokenID ?? 0) } : { ...base, amount: BigInt(row.value) },
        )
      }
    }
    return byHash
  }
}
