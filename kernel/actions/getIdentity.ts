import type { Identity } from '../services/blockchainApi.js'
import type { Kernel } from '../core/createKernel.js'
import { fetchKernelQuery, type KernelQuery } from '../services/kernelQuery.js'
import { BlockchainApiToken } from '../core/tokens.js'
import { IdentityFigure, identityKey } from '../core/account.js'

/** rules §9: an identity is fresh for 5 minutes. */
export const IDENTITY_STALE_MS = 5 * 60_000

export interface GetIdentityParameters {
  /** An EVM address: identities are EVM only (rules §6). */
  address: string
}

export type GetIdentityReturnType = Identity

/**
 * The name and avatar of an address as a query, fresh for 5 minutes (rules §9); undefined without a
 * configured service. The service's client loads on demand, so first-paint code may build it.
 *
 * @example
 * const identity = useKernelQuery(identityQuery(kernel, { address }))
 */
export function identityQuery(kernel: Kernel, { address }: GetIdentityParameters): KernelQuery<GetIdentityReturnType> | undefined {
  if (!kernel.options.services.api && !kernel.container.has(BlockchainApiToken)) return undefined
  return {
    key: identityKey(address),
    staleTime: IDENTITY_STALE_MS,
    // rules §3: kept with its time, so a reload shows the name at once.
    persist: IdentityFigure,
    async load() {
      const { blockchainApiOf, identitySender } = await import('../services/blockchainApi.js')
      const identity = blockchainApiOf(kernel)
        ?.getIdentity(address, { sender: identitySender(kernel) })
        .catch((error: unknown) => {
          kernel.logger.warn('The identity could not be read.', error)
          throw error
        })
      return (await identity) ?? {}
    },
  }
}

/**
 * The name and avatar of an address from the blockchain data service, cached 5 minutes (rules §9).
 * Empty without a configured service.
 *
 * @example
 * const { name, avatar } = await getIdentity(kernel, { address })
 */
export async function getIdentity(kernel: Kernel, parameters: GetIdentityParameters): Promise<GetIdentityReturnType> {
  const query = identityQuery(kernel, parameters)
  return query ? fetchKernelQuery(kernel, query) : {}
}
