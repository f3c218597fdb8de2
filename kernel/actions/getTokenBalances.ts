import { blockchainApiOf, queryClientOf, type TokenBalance } from '../blockchainApi.js'
import type { Kernel } from '../createKernel.js'
import { BaseError, type BaseErrorOptions } from '../errors/BaseError.js'
import { showToast } from '../toast.js'

/** §9: a portfolio is fresh for 30 s. */
export const PORTFOLIO_STALE_MS = 30_000
/** §5, §8: after a failure the balances are not asked for again for 30 s. */
export const BALANCE_RETRY_WAIT_MS = 30_000

export interface GetTokenBalancesParameters {
  address: string
  /** CAIP-2 */
  chainId: string
}

/** Sorted by fiat value, largest first; tokens with zero decimals left out (§5). */
export type GetTokenBalancesReturnType = TokenBalance[]

/** §8: the balances failed, or the network is not supported; the visitor may try again after 30 s. */
export class TokenBalanceUnavailableError extends BaseError {
  override name = 'TokenBalanceUnavailableError'
  constructor(options?: BaseErrorOptions) {
    super('Token Balance Unavailable', options)
  }
}

export type GetTokenBalancesErrorType = TokenBalanceUnavailableError

// When each account's balances last failed, so a retry within 30 s fails at once without a request.
const failures = new WeakMap<Kernel, Map<string, number>>()

/**
 * The account's token balances on one network from the blockchain data service, cached 30 s (§9).
 * On a failure or an unsupported network it shows the 'Token Balance Unavailable' toast (§8) and
 * asks nothing for 30 s (§5). Without a configured service the list is empty.
 *
 * @throws {TokenBalanceUnavailableError}
 * @example
 * const balances = await getTokenBalances(kernel, { address, chainId: 'eip155:1' })
 */
export async function getTokenBalances(
  kernel: Kernel,
  { address, chainId }: GetTokenBalancesParameters,
): Promise<GetTokenBalancesReturnType> {
  const api = blockchainApiOf(kernel)
  if (!api) return []
  const key = `${chainId}:${address.toLowerCase()}`
  const failed = failures.get(kernel) ?? new Map<string, number>()
  failures.set(kernel, failed)
  const failedAt = failed.get(key)
  if (failedAt !== undefined && Date.now() - failedAt < BALANCE_RETRY_WAIT_MS) {
    throw new TokenBalanceUnavailableError({ details: 'Waiting 30 s after the last failure (§5).' })
  }
  try {
    const balances = await queryClientOf(kernel).fetchQuery({
      queryKey: ['foyer', 'balances', chainId, address.toLowerCase()],
      staleTime: PORTFOLIO_STALE_MS,
      queryFn: async () => {
        if (!(await api.getSupportedChains()).includes(chainId)) {
          throw new TokenBalanceUnavailableError({ details: `The service does not support ${chainId}.` })
        }
        return api.getBalances(address, chainId)
      },
    })
    failed.delete(key)
    return balances.filter((balance) => balance.quantity.decimals > 0).sort((a, b) => b.value - a.value)
  } catch (cause) {
    failed.set(key, Date.now())
    kernel.logger.warn('The token balances could not be read.', cause)
    showToast(kernel, { message: kernel.i18n.t('balances.unavailable'), variant: 'error' })
    // By name, not instanceof (STYLE 11).
    throw cause instanceof Error && cause.name === 'TokenBalanceUnavailableError' ? cause : new TokenBalanceUnavailableError({ cause })
  }
}
