import { blockchainApiOf, type TokenBalance } from '../services/blockchainApi.js'
import type { Kernel } from '../core/createKernel.js'
import { BaseError, type BaseErrorOptions } from '../core/errors/BaseError.js'
import { fetchKernelQuery, type KernelQuery } from '../services/kernelQuery.js'
import { showToast } from '../core/toast.js'
import { TokenBalancesFigure, tokenBalancesKey } from '../core/account.js'

/** rules §9: a portfolio is fresh for 30 s. */
export const PORTFOLIO_STALE_MS = 30_000
/** rules §5, §8: after a failure the balances are not asked for again for 30 s. */
export const BALANCE_RETRY_WAIT_MS = 30_000

export interface GetTokenBalancesParameters {
  address: string
  /** CAIP-2 */
  chainId: string
}

/** Sorted by fiat value, largest first; tokens with zero decimals left out (rules §5). */
export type GetTokenBalancesReturnType = TokenBalance[]

/** rules §8: the balances failed, or the network is not supported; the visitor may try again after 30 s. */
export class TokenBalanceUnavailableError extends BaseError {
  override name = 'TokenBalanceUnavailableError'
  constructor(options?: BaseErrorOptions) {
    super('Token Balance Unavailable', options)
  }
}

export type GetTokenBalancesErrorType = TokenBalanceUnavailableError

/**
 * The account's token balances on one network as a query, fresh for 30 s (rules §9) and stale after
 * 'balances:changed', which makes the next read ask the service with `forceUpdate` (rules §7). A failure or an unsupported network shows the 'Token Balance Unavailable'
 * toast (rules §8) and answers for 30 s without a request (rules §5). Without a configured service the list is empty.
 *
 * @example
 * const balances = useKernelQuery(tokenBalancesQuery(kernel, { address, chainId: 'eip155:1' }))
 */
export function tokenBalancesQuery(
  kernel: Kernel,
  { address, chainId }: GetTokenBalancesParameters,
): KernelQuery<GetTokenBalancesReturnType> {
  return {
    key: tokenBalancesKey(chainId, address),
    staleTime: PORTFOLIO_STALE_MS,
    // rules §3: kept with its time, so a reload lists the last balances at once.
    persist: TokenBalancesFigure,
    failureWait: BALANCE_RETRY_WAIT_MS,
    readsBalances: true,
    async load({ refresh } = { refresh: false }) {
      const api = blockchainApiOf(kernel)
      if (!api) return []
      try {
        if (!(await api.getSupportedChains()).includes(chainId)) {
          throw new TokenBalanceUnavailableError({ details: `The service does not support ${chainId}.` })
        }
        // rules §7 forceUpdate: read again after a transfer, the answer must include it.
        const balances = await api.getBalances(address, chainId, { forceUpdate: refresh })
        return balances.filter((balance) => balance.quantity.decimals > 0).sort((a, b) => b.value - a.value)
      } catch (cause) {
        kernel.logger.warn('The token balances could not be read.', cause)
        showToast(kernel, { message: kernel.i18n.t('balances.unavailable'), variant: 'error' })
        // By name, not instanceof (style 11).
        throw cause instanceof Error && cause.name === 'TokenBalanceUnavailableError' ? cause : new TokenBalanceUnavailableError({ cause })
      }
    },
  }
}

/**
 * The account's token balances on one network from the blockchain data service, cached 30 s (rules §9).
 * On a failure or an unsupported network it shows the 'Token Balance Unavailable' toast (rules §8) and
 * asks nothing for 30 s (rules §5). Without a configured service the list is empty.
 *
 * @throws {TokenBalanceUnavailableError}
 * @example
 * const balances = await getTokenBalances(kernel, { address, chainId: 'eip155:1' })
 */
export function getTokenBalances(kernel: Kernel, parameters: GetTokenBalancesParameters): Promise<GetTokenBalancesReturnType> {
  return fetchKernelQuery(kernel, tokenBalancesQuery(kernel, parameters))
}
