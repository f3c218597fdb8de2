import type { Kernel } from '../core/createKernel.js'
import type { Network } from '../model/network.js'

/**
 * The RPC URL a chain plugin reads `network` through: `configured` (the chain's `rpcUrls` option, else the network's
 * own), except that with `services.rpc` a network left at its own URL goes through the public RPC service (rules §7:
 * JSON-RPC POST with `chainId` and `projectId` in the query). Only lazily loaded chain code imports this module.
 *
 * @example
 * const url = rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!)
 */
export function rpcUrlFor(kernel: Pick<Kernel, 'options'>, network: Network, configured: string): string {
  const service = kernel.options.services.rpc
  // A host's own rpcUrls entry is a choice; the network's own URL is only a default.
  if (!service || configured !== network.rpcUrls.default.http[0]) return configured
  const url = new URL(service)
  url.searchParams.set('chainId', network.caipNetworkId)
  url.searchParams.set('projectId', kernel.options.projectId ?? '')
  return url.href
}
