import { isAddress, isHex } from 'viem'
import type { CaipNetworkId, Kernel } from 'foyer'
import type { AssetChange, SimulatedCall, Simulation } from 'foyer/protocol'
import { simulateCalls, type EvmAssetChange, type EvmSimulation } from 'foyer/protocol/evm'
import { rpcUrlFor } from 'foyer/query'
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
  const badCall = calls.findIndex(
    (call) => (call.to !== undefined && !isAddress(call.to, { strict: false })) || (call.data !== undefined && !isHex(call.data)),
  )
  if (badCall >= 0) return { status: 'unavailable', reason: `Call ${badCall} is not an EVM call (an address to call and hex data).` }
  let client: ReturnType<typeof publicClientFor>
  try {
    const network = requireNetwork(config, networkId)
    client = publicClientFor(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!))
  } catch (reason) {
    return { status: 'unavailable', reason: reason instanceof Error ? reason.message : String(reason) }
  }
  // Checked above: every `to` is an address and every `data` hex.
  const evmCalls = calls as ReadonlyArray<{ to?: `0x${string}`; value?: bigint; data?: `0x${string}` }>
  return chainNeutral(await simulateCalls({ request: (args) => client.request(args as never), account: from, calls: evmCalls }))
}

/** The node's answer in the ERC standards' terms, as the kernel's previews read any chain's (protocol/simulation.mjs). */
export function chainNeutral(simulation: EvmSimulation): Simulation {
  if (simulation.status !== 'ok') return simulation
  const change = ({ kind, ...rest }: EvmAssetChange): AssetChange => ({
    kind: kind === 'native' ? 'native' : kind === 'erc20' ? 'token' : 'nft',
    ...rest,
  })
  return {
    status: 'ok',
    outgoing: simulation.outgoing.map(change),
    incoming: simulation.incoming.map(change),
    allowances: simulation.allowances.map(({ kind, ...rest }) => ({ kind: kind === 'all' ? 'collection' : 'token', ...rest })),
  }
}
