// `GET /v1/account/{account}/history`: an account's rules §3 transactions, newest first, a page at a time.
import { formatUnits, zeroAddress } from 'viem'

import { ServiceError } from '../http/index.mjs'
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

/** @typedef {import('./evmChain.mjs').ChainTransaction} ChainTransaction */
/** @typedef {import('./evmChain.mjs').EvmChain} EvmChain */
/** @typedef {Record<string, { block: number, index: number } | 'done'>} Positions by CAIP-2 chain id */

/**
 * One page of the account's transactions on `chains`, newest first, merged across chains by time. Each chain's
 * source gives its newest transactions before that chain's position; the page takes the newest of them all, and the
 * cursor keeps, per chain, the block number and transaction index of the last transaction taken from it ('done'
 * once nothing is left there). A position names a transaction, not an offset, so blocks arriving between two pages
 * shift nothing.
 *
 * @param {object} options
 * @param {`0x${string}`} options.address
 * @param {EvmChain[]} options.chains
 * @param {string | undefined} options.cursor from the previous page's `next`
 * @param {import('./createPricing.mjs').Pricing} options.price
 * @param {(token: string) => boolean} options.isSpam
 * @returns {Promise<{ data: HistoryTransaction[], next: string | null }>}
 */
export async function accountHistory({ address, chains, cursor, price, isSpam }) {
  const positions = cursor === undefined ? {} : decodeCursor(cursor, chains)
  const pages = await Promise.all(
    chains
      .filter((chain) => positions[chain.chainId] !== 'done')
      .map(async (chain) => {
        const position = positions[chain.chainId]
        return { chain, ...(await chain.history.page(address, position === 'done' ? undefined : position)) }
      }),
  )
  const page = pages
    .flatMap(({ transactions }) => transactions)
    .sort(newestFirst)
    .slice(0, HISTORY_PAGE_SIZE)
  /** @type {Positions} */
  const next = { ...positions }
  for (const { chain, transactions, more } of pages) {
    const taken = page.filter((transaction) => transaction.chainId === chain.chainId)
    const last = taken.at(-1)
    if (last) next[chain.chainId] = { block: last.blockNumber, index: last.index }
    if (!more && taken.length === transactions.length) next[chain.chainId] = 'done'
  }
  const byChain = new Map(chains.map((chain) => [chain.chainId, chain]))
  const data = await Promise.all(
    page.map((transaction) =>
      toTransaction(transaction, address, /** @type {EvmChain} */ (byChain.get(transaction.chainId)), price, isSpam),
    ),
  )
  const finished = chains.every((chain) => next[chain.chainId] === 'done')
  return { data, next: finished ? null : encodeCursor(next) }
}

/**
 * Newest first; ties (two chains, one second) broken by chain, then by position on the chain.
 *
 * @param {Pick<ChainTransaction, 'timestamp' | 'chainId' | 'blockNumber' | 'index'>} a
 * @param {Pick<ChainTransaction, 'timestamp' | 'chainId' | 'blockNumber' | 'index'>} b
 */
function newestFirst(a, b) {
  return b.timestamp - a.timestamp || a.chainId.localeCompare(b.chainId) || b.blockNumber - a.blockNumber || b.index - a.index
}

/**
 * base64url of `{ "eip155:1": [block, index] | "done", … }`.
 *
 * @param {Positions} positions
 */
const encodeCursor = (positions) =>
  Buffer.from(
    JSON.stringify(
      Object.fromEntries(Object.entries(positions).map(([chainId, at]) => [chainId, at === 'done' ? at : [at.block, at.index]])),
    ),
  ).toString('base64url')

/**
 * @param {string} cursor
 * @param {EvmChain[]} chains the request's: a cursor naming another chain is not one of its pages
 * @returns {Positions}
 */
function decodeCursor(cursor, chains) {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)) {
      /** @type {Positions} */
      const positions = {}
      for (const [chainId, at] of Object.entries(decoded)) {
        if (!chains.some((chain) => chain.chainId === chainId)) throw new Error('another chain')
        if (at === 'done') positions[chainId] = at
        else if (Array.isArray(at) && at.length === 2 && at.every((n) => Number.isSafeInteger(n) && n >= 0)) {
          positions[chainId] = { block: at[0], index: at[1] }
        } else throw new Error('not a position')
      }
      return positions
    }
  } catch {
    // answered below
  }
  throw new ServiceError(400, null, 'Invalid cursor')
}

/**
 * @param {ChainTransaction} transaction
 * @param {`0x${string}`} address
 * @param {EvmChain} chain
 * @param {import('./createPricing.mjs').Pricing} price
 * @param {(token: string) => boolean} isSpam
 * @returns {Promise<HistoryTransaction>}
 */
async function toTransaction(transaction, address, chain, price, isSpam) {
  const account = address.toLowerCase()
  // A transfer to oneself is both an 'out' and an 'in'.
  const own = transaction.transfers.flatMap((transfer) => [
    ...(transfer.from.toLowerCase() === account ? [{ transfer, direction: /** @type {const} */ ('out') }] : []),
    ...(transfer.to.toLowerCase() === account ? [{ transfer, direction: /** @type {const} */ ('in') }] : []),
  ])
  const transfers = await Promise.all(own.map(({ transfer, direction }) => toTransfer(transfer, direction, chain, price, isSpam)))
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

/** @param {Array<{ transfer: import('./evmChain.mjs').HistoryTransfer, direction: 'in' | 'out' }>} own */
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
 * @param {import('./evmChain.mjs').HistoryTransfer} transfer
 * @param {'in' | 'out'} direction
 * @param {EvmChain} chain
 * @param {import('./createPricing.mjs').Pricing} price
 * @param {(token: string) => boolean} isSpam
 * @returns {Promise<HistoryTransfer>}
 */
async function toTransfer(transfer, direction, chain, price, isSpam) {
  const is_spam = transfer.token !== undefined && isSpam(transfer.token)
  if (transfer.kind === 'erc721' && transfer.token && transfer.tokenId !== undefined) {
    const [collection, item] = await Promise.all([
      chain.tokenInfo(transfer.token, 'erc721'),
      chain.nftInfo(transfer.token, transfer.tokenId),
    ])
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
  const info = transfer.token ? await chain.tokenInfo(transfer.token) : chain.nativeCurrency
  const symbol = info.symbol ?? ''
  const numeric = formatUnits(transfer.amount, info.decimals)
  const usd = await price({ chainId: chain.chainId, address: transfer.token, symbol })
  return {
    // The chain's coin gets its mark; a token only its letters, since history lists whatever was sent (tokenIconUrl.mjs).
    fungible_info: {
      name: info.name ?? symbol,
      symbol,
      icon: { url: await tokenIconUrl(symbol, { vouched: transfer.token === undefined }) },
      flags: { is_spam },
    },
    direction,
    quantity: { numeric },
    value: Number(numeric) * usd,
    price: usd,
  }
}
