// Multicall3's aggregate3: many contract reads in one eth_call, each allowed to fail on its own.
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem'

import { UpstreamError } from './errors.mjs'

/** Multicall3's canonical address, the same on every network that has it (the local stack installs it there too). */
export const MULTICALL3_ADDRESS = /** @type {`0x${string}`} */ ('0xcA11bde05977b3631167028862bE2a173976CA11')

export const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address account) view returns (uint256 balance)',
])

/**
 * @typedef {object} Read one contract read of a batch
 * @property {`0x${string}`} address
 * @property {import('viem').Abi} abi
 * @property {string} functionName
 * @property {readonly unknown[]} [args]
 */

/**
 * Makes every read in one eth_call to Multicall3's aggregate3. A read that reverts or answers something its ABI
 * cannot decode gives undefined; a node that cannot be reached throws.
 *
 * @param {import('viem').PublicClient} client
 * @param {`0x${string}`} multicall3
 * @param {Read[]} reads
 * @returns {Promise<unknown[]>} each read's decoded result, in order
 */
export async function aggregate3(client, multicall3, reads) {
  if (reads.length === 0) return []
  const calls = reads.map(({ address, abi, functionName, args }) => ({
    target: address,
    allowFailure: true,
    callData: encodeFunctionData(/** @type {any} */ ({ abi, functionName, args })),
  }))
  const { data } = await client.call({
    to: multicall3,
    data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
  })
  if (!data || data === '0x') throw new UpstreamError(`No Multicall3 at ${multicall3}`)
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data })
  return results.map(({ success, returnData }, index) => {
    const { abi, functionName } = /** @type {Read} */ (reads[index])
    if (!success || returnData === '0x') return undefined
    try {
      return decodeFunctionResult(/** @type {any} */ ({ abi, functionName, data: returnData }))
    } catch {
      return undefined
    }
  })
}
