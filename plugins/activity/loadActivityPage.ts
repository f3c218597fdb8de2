import { showToast, visibleMessage, type Kernel } from 'foyer'
import { getHistoryPage, historyPageQuery, queryClientOf, QUERY_KEY_PREFIX, type HistoryPage } from 'foyer/query'

/**
 * How often the shown tab reads the first page again, past the cache, while a transaction sent
 * through Foyer is not listed yet (the service indexes a block after the wallet saw it mined).
 */
export const PENDING_REFRESH_MS = 2_000

/**
 * How long after a send the tab keeps reading again. A service that never lists the chain's transfers
 * (the local API on Solana lists purchases only) is not asked every 2 s for ever; the row stays pending.
 */
export const PENDING_REFRESH_FOR_MS = 120_000

export interface LoadActivityPageParameters {
  account: string
  /** CAIP-2: the connected network (rules §5). */
  chainId: string
  cursor?: string
}

export type LoadActivityPageReturnType = HistoryPage

/**
 * One page of the account's history on the connected network, cached 30 s (rules §9). On failure it shows the 'Failed to fetch
 * transactions' toast, emits 'activity:fetch-failed' for analytics (rules §8) and rejects. Without a
 * configured service the history is empty.
 *
 * @example
 * const { data, next } = await loadActivityPage(kernel, { account, chainId: 'eip155:1' })
 */
export async function loadActivityPage(
  kernel: Kernel,
  { account, chainId, cursor }: LoadActivityPageParameters,
): Promise<LoadActivityPageReturnType> {
  try {
    return await getHistoryPage(kernel, { account, chainId, cursor })
  } catch (error) {
    kernel.logger.warn('The transactions could not be read.', error)
    showToast(kernel, { message: kernel.i18n.t('activity.fetchFailed'), variant: 'error' })
    kernel.bus.emit('activity:fetch-failed', { chainId, ...(cursor ? { cursor } : {}), message: visibleMessage(error, 'Unknown error') })
    throw error
  }
}

/**
 * The first page of the account's history read again from the service, whatever the cache holds: a
 * read that raced the service's indexer must not hide a sent transaction for the cache's 30 s (rules §9).
 * Quiet on failure (no toast): the caller tries again while the transaction waits.
 *
 * @example
 * const { data } = await refreshActivityPage(kernel, { account, chainId: 'eip155:1' })
 */
export async function refreshActivityPage(
  kernel: Kernel,
  { account, chainId }: Omit<LoadActivityPageParameters, 'cursor'>,
): Promise<LoadActivityPageReturnType> {
  const { key } = historyPageQuery(kernel, { account, chainId })
  await queryClientOf(kernel).invalidateQueries({ queryKey: [QUERY_KEY_PREFIX, ...key], exact: true, refetchType: 'none' })
  return getHistoryPage(kernel, { account, chainId })
}
