import { showToast, visibleMessage, type Kernel } from '../../kernel/index.js'
import { getHistoryPage, type HistoryPage } from '../../kernel/query.js'

export interface LoadActivityPageParameters {
  account: string
  /** CAIP-2: the connected network (§5). */
  chainId: string
  cursor?: string
}

export type LoadActivityPageReturnType = HistoryPage

/**
 * One page of the account's history on the connected network, cached 30 s (§9). On failure it shows the 'Failed to fetch
 * transactions' toast, emits 'activity:fetch-failed' for analytics (§8) and rejects. Without a
 * configured service the history is empty.
 *
 * @example
 * const { data, next } = await loadActivityPage(kernel, { account, chainId: 'eip155:1' })
 */
export async function loadActivityPage(kernel: Kernel, { account, chainId, cursor }: LoadActivityPageParameters): Promise<LoadActivityPageReturnType> {
  try {
    return await getHistoryPage(kernel, { account, chainId, cursor })
  } catch (error) {
    kernel.logger.warn('The transactions could not be read.', error)
    showToast(kernel, { message: kernel.i18n.t('activity.fetchFailed'), variant: 'error' })
    kernel.bus.emit('activity:fetch-failed', { chainId, ...(cursor ? { cursor } : {}), message: visibleMessage(error, 'Unknown error') })
    throw error
  }
}
