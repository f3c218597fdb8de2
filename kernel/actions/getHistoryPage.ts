import { blockchainApiOf, type HistoryPage } from '../services/blockchainApi.js'
import type { Kernel } from '../core/createKernel.js'
import { fetchKernelQuery, type KernelQuery } from '../services/kernelQuery.js'
import { PORTFOLIO_STALE_MS } from './getTokenBalances.js'

export interface GetHistoryPageParameters {
  account: string
  /** CAIP-2 */
  chainId: string
  /** The `next` of the page before; absent for the first page. */
  cursor?: string
  /** rules §7: an on-ramp provider ('coinbase', 'meld'): only the account's purchases from it. */
  onramp?: string
}

export type GetHistoryPageReturnType = HistoryPage

/**
 * One page of the account's history on one network as a query, fresh for 30 s like the rest of the
 * portfolio (rules §9) and stale after 'balances:changed'. Without a configured service the history is empty.
 *
 * @example
 * const history = useKernelQuery(historyPageQuery(kernel, { account, chainId: 'eip155:1' }))
 */
export function historyPageQuery(
  kernel: Kernel,
  { account, chainId, cursor, onramp }: GetHistoryPageParameters,
): KernelQuery<GetHistoryPageReturnType> {
  return {
    key: ['history', chainId, account.toLowerCase(), cursor ?? null, ...(onramp ? [{ onramp }] : [])],
    staleTime: PORTFOLIO_STALE_MS,
    readsBalances: true,
    load: async () =>
      (await blockchainApiOf(kernel)?.getHistory(account, { chainId, ...(cursor ? { cursor } : {}), ...(onramp ? { onramp } : {}) })) ?? {
        data: [],
      },
  }
}

/**
 * One page of the account's history on one network from the blockchain data service, cached 30 s (rules §9).
 *
 * @example
 * const { data, next } = await getHistoryPage(kernel, { account, chainId: 'eip155:1' })
 */
export function getHistoryPage(kernel: Kernel, parameters: GetHistoryPageParameters): Promise<GetHistoryPageReturnType> {
  return fetchKernelQuery(kernel, historyPageQuery(kernel, parameters))
}
