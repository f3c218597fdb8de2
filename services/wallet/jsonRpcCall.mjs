// One JSON-RPC call to a node the service is configured with.
import { callJsonRpc } from '../jsonRpc.mjs'
import { WalletError } from './errors.mjs'

/** A node that does not answer within this fails the request rather than hold it. */
const RPC_TIMEOUT_MS = 15_000

/**
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown} params
 */
export async function jsonRpcCall(rpcUrl, method, params) {
  let body
  try {
    body = await callJsonRpc(rpcUrl, method, params, { timeoutMs: RPC_TIMEOUT_MS })
  } catch (error) {
    throw new WalletError(502, 'RPC_UNAVAILABLE', `The network's RPC did not answer: ${/** @type {Error} */ (error).message}`)
  }
  if (body?.error) {
    throw new WalletError(400, 'RPC_ERROR', String(body.error.message ?? 'RPC error'), { rpcCode: body.error.code, data: body.error.data })
  }
  return body?.result
}
