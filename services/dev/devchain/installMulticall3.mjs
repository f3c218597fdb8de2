// Multicall3 on a dev chain, at the address it has on every public network, so the blockchain API reads all of an
// account's balances in one eth_call there as it does anywhere else.
import { MULTICALL3_ADDRESS } from '../../api/multicall3.mjs'
import { createRpc } from './rpc.mjs'

export { MULTICALL3_ADDRESS }

/**
 * Installs the runtime code of our Multicall3 (contracts/Multicall3.sol) at MULTICALL3_ADDRESS. The runtime code is
 * what the creation code returns: an eth_call without `to` runs the constructor and answers it, so no account spends
 * a nonce and every other address stays as it was.
 *
 * @param {object} options
 * @param {string} options.rpcUrl
 * @param {Record<string, import('./compileContracts.mjs').ContractArtifact>} options.artifacts from `compileContracts()`
 * @returns {Promise<`0x${string}`>} MULTICALL3_ADDRESS
 */
export async function installMulticall3({ rpcUrl, artifacts }) {
  const artifact = artifacts['Multicall3']
  if (!artifact) throw new Error('No compiled contract named Multicall3')
  const rpc = createRpc(rpcUrl)
  const runtime = /** @type {`0x${string}`} */ (await rpc.call('eth_call', [{ data: artifact.bytecode }, 'latest']))
  await rpc.call('anvil_setCode', [MULTICALL3_ADDRESS, runtime])
  return MULTICALL3_ADDRESS
}
