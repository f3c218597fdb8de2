import { blockchainApiOf, queryClientOf, type Identity } from '../blockchainApi.js'
import type { Kernel } from '../createKernel.js'

/** §9: an identity is fresh for 5 minutes. */
export const IDENTITY_STALE_MS = 5 * 60_000

export interface GetIdentityParameters {
  /** An EVM address: identities are EVM only (§6). */
  address: string
}

export type GetIdentityReturnType = Identity

/**
 * The name and avatar of an address from the blockchain data service, cached 5 minutes (§9).
 * Empty without a configured service.
 *
 * @example
 * const { name, avatar } = await getIdentity(kernel, { address })
 */
export async function getIdentity(kernel: Kernel, { address }: GetIdentityParameters): Promise<GetIdentityReturnType> {
  const api = blockchainApiOf(kernel)
  if (!api) return {}
  return queryClientOf(kernel).fetchQuery({
    queryKey: ['foyer', 'identity', address.toLowerCase()],
    staleTime: IDENTITY_STALE_MS,
    queryFn: () => api.getIdentity(address),
  })
}
