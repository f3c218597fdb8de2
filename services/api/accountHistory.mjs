// `GET /v1/account/{account}/history`: an account's rules §3 transactions, newest first, a page at a time.
import { formatUnits, zeroAddress } from 'viem'

import { RequestError } from './errors.mjs'
import { tokenIconUrl } from './tokenIconUrl.mjs'

/** Transactions per page. */
export const HISTORY_PAGE_SIZE = 20

/**
 * @typedef {object} HistoryTransfer
 * @property {{ name: string, symbol: string, icon: { url: string }, flags: { is_spam: boolean } }} [fungible_info]
 * @property {{ name: string, flags: { is_spam: boolean }, content: { preview: { url: string | null } } }} [nft_info]
 * @property {'in' | 'out'} direction
 * @property {{ numeric: string }} quantity
 * @property {number} [value] USD, fungibles only
 * @property {number} [price] USD, fungibles only
 */

/**
 * @typedef {object} HistoryTransaction rules §3 Transaction
 * @property {string} id the transaction hash and the log index of the account's first transfer in it (0 if none)
 * @property {{ minedAt: string, chain: string, operationType: 'send' | 'receive' | 'mint' | 'trade' | 'buy' | 'execute',
 *   status: 'confirmed' | 'failed', sentFrom: string, sentTo: string | null, hash: string }} metadata
 * @property {HistoryTransfer[]} transfers
 */

/** @typedef {import('./createChainIndexer.mjs').IndexedTransaction} IndexedTransaction */
/** @typedef {import('./createChainIndexer.mjs').ChainIndexer} ChainIndexer */

/**
 * One page of the account's transactions on `indexers`. The cursor names the last transaction returned, so a
 * page stays right while new blocks arrive (an offset would shift).
 *
 * @param {object} options
 * @param {`0x${string}`} options.address
 * @param {ChainIndexer[]} options.indexers
 * @param {string | undefined} options.cursor from the previous page's `next`
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} options.price
 * @param {(token: string) => boolean} options.isSpam
 * @returns {Promise<{ data: HistoryTransaction[], next: string | null }>}
 */
export async function accountHistory({ address, indexers, cursor, price, isSpam }) {
  const after = cursor === undefined ? undefined : decodeCursor(cursor)
  // A first page reads up to the head, so a transfer the visitor just made is listed (the poll may be up to
  // 500 ms behind). An index that reached the head before answers from what it has if the node is down.
  await Promise.all(indexers.map((indexer) => (indexer.synced ? after === undefined && indexer.sync().catch(() => {}) : indexer.sync())))
  const all = indexers
    .flatMap((indexer) => indexer.transactionsOf(address))
    .filter((transaction) => !after || newestFirst(after, transaction) < 0)
    .sort(newestFirst)
  const page = all.slice(0, HISTORY_PAGE_SIZE)
  const last = page.at(-1)
  const byChain = new Map(indexers.map((indexer) => [indexer.chainId, indexer]))
  const data = await Promise.all(
    page.map((transaction) =>
      toTransaction(transaction, address, /** @type {ChainIndexer} */ (byChain.get(transaction.chainId)), price, isSpam),
    ),
  )
  return { data, next: last && all.length > page.length ? encodeCursor(last) : null }
}

/**
 * Newest first; ties (two chains, one second) broken by chain, then by position on the chain.
 *
 * @param {Pick<IndexedTransaction, 'timestamp' | 'chainId' | 'blockNumber' | 'index'>} a
 * @param {Pick<IndexedTransaction, 'timestamp' | 'chainId' | 'blockNumber' | 'index'>} b
 */
function newestFirst(a, b) {
  return b.timestamp - a.timestamp || a.chainId.localeCompare(b.chainId) || b.blockNumber - a.blockNumber || b.index - a.index
}

/** @param {IndexedTransaction} transaction */
const encodeCursor = ({ timestamp, chainId, blockNumber, index }) =>
  Buffer.from(JSON.stringify([timestamp, chainId, blockNumber, index])).toString('base64url')

/** @param {string} cursor */
function decodeCursor(cursor) {
  try {
    const [timestamp, chainId, blockNumber, index] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if ([timestamp, blockNumber, index].every(Number.isSafeInteger) && typeof chainId === 'string') {
      return { timestamp, chainId, blockNumber, index }
    }
  } catch {
    // answered below
  }
  throw new RequestError(400, 'Invalid cursor')
}

/**
 * @param {IndexedTransaction} transaction
 * @param {`0x${string}`} address
 * @param {ChainIndexer} indexer
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} price
 * @param {(token: string) => boolean} isSpam
 * @returns {Promise<HistoryTransaction>}
 */
async function toTransaction(transaction, address, indexer, price, isSpam) {
  const account = address.toLowerCase()
  // A transfer to oneself is both an 'out' and an 'in'.
  const own = transaction.transfers.flatMap((transfer) => [
    ...(transfer.from.toLowerCase() === account ? [{ transfer, direction: /** @type {const} */ ('out') }] : []),
    ...(transfer.to.toLowerCase() === account ? [{ transfer, direction: /** @type {const} */ ('in') }] : []),
  ])
  const transfers = await Promise.all(own.map(({ transfer, direction }) => toTransfer(transfer, direction, indexer, price, isSpam)))
  const first = own[0]?.transfer
  return {
    id: `${transaction.hash}:${Math.max(first?.logIndex ?? 0, 0)}`,
    metadata: {
      minedAt: new Date(transaction.timestamp * 1000).toISOString(),
      chain: transaction.chainId,
      operationType: operationType(own),
      status: transaction.status,
      // The counterparties of the account's first transfer (a token transfer's `to` is the token contract,
      // which is not whom the user sent to); the transaction's own ends when it moved nothing.
      sentFrom: first?.from ?? transaction.from,
      sentTo: first ? first.to : transaction.to,
      hash: transaction.hash,
    },
    transfers,
  }
}

/** @param {Array<{ transfer: import('./createChainIndexer.mjs').IndexedTransfer, direction: 'in' | 'out' }>} own */
function operationType(own) {
  if (own.length === 0) return 'execute'
  if (own.every(({ transfer, direction }) => direction === 'in' && transfer.from === zeroAddress)) return 'mint'
  if (own.every(({ direction }) => direction === 'in')) return 'receive'
  if (own.every(({ direction }) => direction === 'out')) return 'send'
  // One asset out and another in (a swap): a trade. Out and back in of the same asset (to oneself) is not.
  const assets = (/** @type {'in' | 'out'} */ side) =>
    new Set(own.filter(({ direction }) => direction === side).map(({ transfer }) => transfer.token ?? 'native'))
  const paid = assets('out')
  if ([...assets('in')].some((asset) => !paid.has(asset))) return 'trade'
  return 'execute'
}

/**
 * @param {import('./createChainIndexer.mjs').IndexedTransfer} transfer
 * @param {'in' | 'out'} direction
 * @param {ChainIndexer} indexer
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} price
 * @param {(token: string) => boolean} isSpam
 * @returns {Promise<HistoryTransfer>}
 */
async function toTransfer(transfer, direction, indexer, price, isSpam) {
  const is_spam = transfer.token !== undefined && isSpam(transfer.token)
  if (transfer.kind === 'erc721' && transfer.token && transfer.tokenId !== undefined) {
    const [collection, item] = await Promise.all([indexer.tokenInfo(transfer.token), indexer.nftInfo(transfer.token, transfer.tokenId)])
    return {
      nft_info: {
        name: item.name ?? `${collection.name ?? collection.symbol ?? 'NFT'} #${transfer.tokenId}`,
        flags: { is_spam },
        content: { preview: { url: item.image } },
      },
      direction,
      quantity: { numeric: '1' },
    }
  }
  const info = transfer.token ? await indexer.tokenInfo(transfer.token) : indexer.nativeCurrency
  const symbol = info.symbol ?? ''
  const numeric = formatUnits(transfer.amount, info.decimals)
  const usd = price({ chainId: indexer.chainId, address: transfer.token, symbol })
  return {
    fungible_info: { name: info.name ?? symbol, symbol, icon: { url: tokenIconUrl(symbol) }, flags: { is_spam } },
    direction,
    quantity: { numeric },
    value: Number(numeric) * usd,
    price: usd,
  }
}
