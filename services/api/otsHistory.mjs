// An account's history from the node's own index, nothing kept here. The Otterscan API (`ots_`, served by Erigon,
// Reth and anvil) finds the transactions the account sent or was called in; token transfers the account only
// received (the transaction went to the token contract) are found by eth_getLogs on the Transfer event with the
// account as an indexed topic. Both are read over the same block range, so a page is complete for every block it
// covers, and its position is a block number and a transaction index, which blocks arriving later never move.
import { getAddress, numberToHex, pad } from 'viem'

import { UpstreamError } from './errors.mjs'

/** keccak256('Transfer(address,address,uint256)'), the same event for ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/**
 * @typedef {object} RpcLog a log as the node answers it
 * @property {`0x${string}`} address
 * @property {`0x${string}`[]} topics
 * @property {`0x${string}`} data
 * @property {`0x${string}`} blockNumber
 * @property {`0x${string}`} transactionHash
 * @property {`0x${string}`} transactionIndex
 * @property {`0x${string}`} logIndex
 * @property {`0x${string}`} [blockTimestamp] served by anvil, Reth and recent Geth
 */

/**
 * @typedef {object} OtsSearch what ots_searchTransactionsBefore answers: whole blocks, newest first
 * @property {Array<{ hash: `0x${string}`, blockNumber: `0x${string}`, transactionIndex: `0x${string}`, from: `0x${string}`,
 *   to: `0x${string}` | null, value: `0x${string}` }>} txs
 * @property {Array<{ status: `0x${string}`, contractAddress: `0x${string}` | null, logs: RpcLog[], timestamp?: `0x${string}` }>} receipts
 * @property {boolean} lastPage no older transactions
 */

/** How long a page read is reused (a first page only while the head is the same block). */
export const PAGE_CACHE_TTL_MS = 60_000
/** How many pages a chain keeps. */
const PAGES_KEPT = 2_000

/** @typedef {import('./evmChain.mjs').ChainTransaction} ChainTransaction */
/** @typedef {import('./evmChain.mjs').HistoryTransfer} HistoryTransfer */

/**
 * @param {object} options
 * @param {string} options.chainId CAIP-2
 * @param {import('viem').PublicClient} options.client
 * @param {number} options.pageSize
 * @returns {import('./evmChain.mjs').HistorySource}
 */
export function createOtsHistory({ chainId, client, pageSize }) {
  /**
   * @param {string} method
   * @param {unknown[]} params
   * @returns {Promise<any>}
   */
  const request = (method, params) => client.request(/** @type {any} */ ({ method, params }))
  /** @type {Map<string, { at: number, page: Promise<import('./evmChain.mjs').HistoryPage> }>} oldest first */
  const pages = new Map()

  /** @param {`0x${string}`} address */
  async function search(address, /** @type {number} */ before) {
    try {
      return /** @type {OtsSearch} */ (await request('ots_searchTransactionsBefore', [address, before, pageSize]))
    } catch (error) {
      // -32601: the method does not exist. Any other failure is the node's, answered as such.
      if (/** @type {{ code?: number }} */ (error).code === -32601 || String(error).includes('does not exist')) {
        throw new UpstreamError(
          `The node of ${chainId} does not serve the Otterscan API (ots_): configure an explorer for its history`,
          error,
        )
      }
      throw error
    }
  }

  /**
   * The Transfer logs naming the account as sender or receiver in [fromBlock, toBlock].
   *
   * @param {`0x${string}`} address
   * @param {number} fromBlock
   * @param {number | 'latest'} toBlock
   * @param {Array<'from' | 'to'>} sides
   * @returns {Promise<RpcLog[]>}
   */
  async function transferLogs(address, fromBlock, toBlock, sides) {
    const topic = pad(/** @type {`0x${string}`} */ (address.toLowerCase()))
    const range = { fromBlock: numberToHex(fromBlock), toBlock: toBlock === 'latest' ? toBlock : numberToHex(toBlock) }
    const found = await Promise.all(
      sides.map((side) =>
        request('eth_getLogs', [{ ...range, topics: side === 'from' ? [TRANSFER_TOPIC, topic] : [TRANSFER_TOPIC, null, topic] }]),
      ),
    )
    return /** @type {RpcLog[]} */ (found.flat())
  }

  return {
    async page(address, before) {
      // A page is a function of its block range: the first page's is named by the head's hash (a new block or a
      // reorg makes another key), a later page's by its cursor, kept PAGE_CACHE_TTL_MS in case a reorg rewrites it.
      const head = before ? undefined : await client.getBlock({ blockTag: 'latest' })
      const key = `${address.toLowerCase()}:${before ? `${before.block}:${before.index}` : head?.hash}`
      const hit = pages.get(key)
      if (hit && Date.now() - hit.at < PAGE_CACHE_TTL_MS) return hit.page
      const page = readPage(address, before, before ? before.block : Number(head?.number))
      pages.set(key, { at: Date.now(), page })
      if (pages.size > PAGES_KEPT) pages.delete(/** @type {string} */ (pages.keys().next().value))
      page.catch(() => pages.delete(key))
      return page
    },

    async tokensOf(address) {
      const logs = await transferLogs(address, 0, 'latest', ['to'])
      // Three topics: ERC-20 (an ERC-721 Transfer indexes its token id as a fourth).
      return [...new Set(logs.filter((log) => log.topics.length === 3).map((log) => getAddress(log.address)))]
    },
  }

  /**
   * @param {`0x${string}`} address
   * @param {{ block: number, index: number } | undefined} before
   * @param {number} top the newest block the page covers
   * @returns {Promise<import('./evmChain.mjs').HistoryPage>}
   */
  async function readPage(address, before, top) {
    // ots searches strictly before the block it is given: one past `top` includes it.
    const found = await search(address, top + 1)
    const lowest = found.lastPage ? 0 : Math.min(...found.txs.map((tx) => Number(tx.blockNumber)), top)
    const logs = await transferLogs(address, lowest, top, ['from', 'to'])

    /** @type {Map<string, Omit<ChainTransaction, 'timestamp'> & { timestamp: number | undefined }>} */
    const byHash = new Map()
    for (const [index, tx] of found.txs.entries()) {
      const receipt = found.receipts[index]
      const status = receipt?.status === '0x0' ? 'failed' : 'confirmed'
      const from = getAddress(tx.from)
      /** @type {HistoryTransfer[]} */
      const transfers = []
      // The transaction's own value only: value moved by contracts (internal transfers) would need traces.
      if (BigInt(tx.value) > 0n && tx.to && status === 'confirmed') {
        transfers.push({ kind: 'native', from, to: getAddress(tx.to), amount: BigInt(tx.value), logIndex: -1 })
      }
      for (const log of receipt?.logs ?? []) {
        const transfer = readTransferLog(log)
        if (transfer) transfers.push(transfer)
      }
      byHash.set(tx.hash, {
        chainId,
        hash: tx.hash,
        blockNumber: Number(tx.blockNumber),
        index: Number(tx.transactionIndex),
        timestamp: receipt?.timestamp === undefined ? undefined : Number(receipt.timestamp),
        from,
        to: tx.to ? getAddress(tx.to) : receipt?.contractAddress ? getAddress(receipt.contractAddress) : null,
        status,
        transfers,
      })
    }
    // Transactions found by their logs alone: the account neither sent them nor was called. Only their transfers
    // that name the account are known, which is all the history shows of them.
    const seen = new Set()
    for (const log of logs.sort((a, b) => Number(a.logIndex) - Number(b.logIndex))) {
      const key = `${log.transactionHash}:${log.logIndex}`
      if (seen.has(key) || found.txs.some((tx) => tx.hash === log.transactionHash)) continue
      seen.add(key)
      const transfer = readTransferLog(log)
      if (!transfer) continue
      const known = byHash.get(log.transactionHash)
      if (known) {
        known.transfers.push(transfer)
        continue
      }
      byHash.set(log.transactionHash, {
        chainId,
        hash: log.transactionHash,
        blockNumber: Number(log.blockNumber),
        index: Number(log.transactionIndex),
        timestamp: log.blockTimestamp === undefined ? undefined : Number(log.blockTimestamp),
        from: transfer.from,
        to: transfer.to,
        status: 'confirmed',
        transfers: [transfer],
      })
    }

    const candidates = [...byHash.values()]
      .filter((tx) => !before || tx.blockNumber < before.block || (tx.blockNumber === before.block && tx.index < before.index))
      .sort((a, b) => b.blockNumber - a.blockNumber || b.index - a.index)
    const transactions = candidates.slice(0, pageSize)
    await fillTimestamps(transactions)
    return { transactions: /** @type {ChainTransaction[]} */ (transactions), more: !found.lastPage || candidates.length > pageSize }
  }

  /**
   * Nodes that put no timestamp on receipts and logs: read from the blocks, in one batch.
   *
   * @param {Array<{ blockNumber: number, timestamp: number | undefined }>} transactions
   */
  async function fillTimestamps(transactions) {
    const missing = [...new Set(transactions.filter((tx) => tx.timestamp === undefined).map((tx) => tx.blockNumber))]
    const blocks = await Promise.all(missing.map((blockNumber) => client.getBlock({ blockNumber: BigInt(blockNumber) })))
    const times = new Map(blocks.map((block) => [Number(block.number), Number(block.timestamp)]))
    for (const tx of transactions) tx.timestamp ??= times.get(tx.blockNumber)
  }
}

/**
 * A Transfer event: 3 topics for ERC-20 (the value in data), 4 for ERC-721 (the token id indexed).
 *
 * @param {{ address: `0x${string}`, topics: readonly `0x${string}`[], data: `0x${string}`, logIndex: `0x${string}` | number | null }} log
 * @returns {HistoryTransfer | undefined}
 */
export function readTransferLog(log) {
  const [topic, from, to, tokenId] = log.topics
  if (topic !== TRANSFER_TOPIC || !from || !to || log.topics.length > 4) return undefined
  const token = getAddress(log.address)
  const base = { token, from: topicAddress(from), to: topicAddress(to), logIndex: Number(log.logIndex ?? 0) }
  if (tokenId) return { ...base, kind: 'erc721', amount: 1n, tokenId: BigInt(tokenId) }
  return { ...base, kind: 'erc20', amount: log.data.length > 2 ? BigInt(log.data.slice(0, 66)) : 0n }
}

/** @param {`0x${string}`} topic a 32-byte topic holding an address */
const topicAddress = (topic) => getAddress(`0x${topic.slice(26)}`)
