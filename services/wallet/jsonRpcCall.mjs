// One JSON-RPC call to a node the service is configured with.
import { WalletError } from './errors.mjs';

/** A node that does not answer within this fails the request rather than hold it. */
const RPC_TIMEOUT_MS = 15_000;

/**
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown} params
 */
export async function jsonRpcCall(rpcUrl, method, params) {
  let body;
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
    body = await response.json();
  } catch (error) {
    throw new WalletError(502, 'RPC_UNAVAILABLE', `The network's RPC did not answer: ${/** @type {Error} */ (error).message}`);
  }
  if (body?.error) {
    throw new WalletError(400, 'RPC_ERROR', String(body.error.message ?? 'RPC error'), { rpcCode: body.error.code, data: body.error.data });
  }
  return body?.result;
}
