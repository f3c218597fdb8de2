import { isAddress, type Abi } from 'viem'
import { readContract as readContractAction } from 'viem/actions'
import type { ContractRead, Kernel } from 'foyer'
import { rpcUrlFor } from 'foyer/query'
import { requireNetwork } from './client.js'
import { publicClientFor } from './publicClient.js'
import type { EvmConfig } from './session.js'

// A module of its own: viem's contract call brings ABI coding, contract errors and its deployless
// bytecode (some 15 KB gzip) that a connection and a balance never need (#21).

/** The readContract capability: an `eth_call` on the network's own RPC, decoded with the ABI. */
export async function readContract(
  kernel: Kernel,
  config: EvmConfig,
  { networkId, address, abi, functionName, args }: ContractRead,
): Promise<unknown> {
  const network = requireNetwork(config, networkId)
  if (!isAddress(address, { strict: false })) throw new Error(`'${address}' is not an EVM address.`)
  return readContractAction(publicClientFor(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!)), {
    address,
    abi: abi as Abi,
    functionName,
    args: args ? [...args] : undefined,
  })
}
