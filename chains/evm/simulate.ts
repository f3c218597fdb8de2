import { isAddress } from 'viem'
import type { CaipNetworkId, Kernel } from 'foyer'
import { rpcUrlFor } from 'foyer/query'
import { simulateCalls, type SimulatedCall, type Simulation } from '../../kernel/model/simulate.mjs'
import { requireNetwork } from './client.js'
import { publicClientFor } from './publicClient.js'
import type { EvmConfig } from './session.js'

/** The simulate capability: eth_simulateV1 on the network's own RPC, never the wallet's (docs/previews.md). */
export async function simulate(
  kernel: Kernel,
  config: EvmConfig,
  { from, networkId, calls }: { from: string; networkId: CaipNetworkId; calls: ReadonlyArray<SimulatedCall> },
): Promise<Simulation> {
  if (!isAddress(from, { strict: false })) return { status: 'unavailable', reason: `'${from}' is not an EVM address.` }
  let client: ReturnType<typeof publicClientFor>
  try {
    const network = requireNetwork(config, networkId)
    client = publicClientFor(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!))
  } catch (reason) {
    return { status: 'unavailable', reason: reason instanceof Error ? reason.message : String(reason) }
  }
  return simulateCalls({ request: (args) => client.request(args as never), account: from, calls })
}
