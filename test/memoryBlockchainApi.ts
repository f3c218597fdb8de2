// An in-memory blockchain data service for stories and unit tests, standing in for services/api where no
// server can run (a story runs in the browser, and services/api needs anvil and Node). It answers like the
// service: empty results on networks it does not support (rules §7), history pages by cursor.
import type { BlockchainApi, HistoryPage, Identity, TokenBalance, Transaction } from '../kernel/services/blockchainApi.js'
import { HttpStatusError } from '../kernel/core/errors/catalogue.js'

export interface MemoryBlockchainApiOptions {
  /** CAIP-2 ids it supports. @default every chain named by a balance or transaction, and eip155:1 */
  chains?: readonly string[]
  balances?: readonly TokenBalance[]
  /** Newest first, as the service returns them. */
  transactions?: readonly Transaction[]
  identities?: Record<string, Identity>
  /** Transactions per history page. @default 20 */
  pageSize?: number
  /** Balance and history calls answer this HTTP status. */
  failWith?: number
  /** Balance and history calls never answer, for loading states. */
  pending?: boolean
}

export function memoryBlockchainApi(options: MemoryBlockchainApiOptions = {}) {
  const calls = { balances: 0, history: [] as Array<{ account: string; cursor?: string; chainId?: string }>, identity: 0 }
  const chains = options.chains ?? [
    'eip155:1',
    ...(options.balances ?? []).map((balance) => balance.chainId),
    ...(options.transactions ?? []).map((transaction) => transaction.metadata.chain),
  ]
  const pageSize = options.pageSize ?? 20
  const state = { failWith: options.failWith, pending: options.pending }
  const answer = async () => {
    if (state.pending) await new Promise(() => {})
    if (state.failWith) throw new HttpStatusError(state.failWith)
  }
  const api: BlockchainApi & { calls: typeof calls; state: typeof state } = {
    calls,
    state,
    async getSupportedChains() {
      return [...new Set(chains)]
    },
    async getBalances(_address, chainId) {
      calls.balances++
      await answer()
      if (!chains.includes(chainId)) return []
      return (options.balances ?? []).filter((balance) => balance.chainId === chainId)
    },
    async getHistory(account, { cursor, chainId } = {}): Promise<HistoryPage> {
      calls.history.push({ account, cursor, chainId })
      await answer()
      if (chainId && !chains.includes(chainId)) return { data: [] }
      const all = (options.transactions ?? []).filter((transaction) => !chainId || transaction.metadata.chain === chainId)
      const start = cursor ? Number(cursor) : 0
      const data = all.slice(start, start + pageSize)
      return start + pageSize < all.length ? { data, next: String(start + pageSize) } : { data }
    },
    async getIdentity(address) {
      calls.identity++
      return options.identities?.[address.toLowerCase()] ?? {}
    },
  }
  return api
}

/** A token balance; `value` is quantity × price. */
export function tokenBalance(symbol: string, numeric: string, price: number, overrides: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: symbol,
    symbol,
    chainId: 'eip155:1',
    value: Number(numeric) * price,
    price,
    quantity: { decimals: 18, numeric },
    ...overrides,
  }
}

/** A one-transfer transaction mined at `minedAt` (ISO). */
export function transaction(
  id: string,
  minedAt: string,
  overrides: Partial<Transaction['metadata']> & { transfers?: Transaction['transfers'] } = {},
): Transaction {
  const { transfers, ...metadata } = overrides
  return {
    id,
    metadata: {
      minedAt,
      chain: 'eip155:1',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0x1111111111111111111111111111111111111111',
      sentTo: '0x2222222222222222222222222222222222222222',
      ...metadata,
    },
    transfers: transfers ?? [
      { direction: 'out', quantity: { numeric: '1.23456' }, value: 1.23, fungible: { name: 'USD Coin', symbol: 'USDC', isSpam: false } },
    ],
  }
}
