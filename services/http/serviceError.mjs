// The one error a service throws on purpose, and the one body every error answer has. A route throws
// `ServiceError(status, code, message, details)`; createServiceApp's error handler writes it, and only it. A JSON-RPC
// endpoint (the RPC proxy, the Solana stand-in) writes the same error as a JSON-RPC error object.
import { JSON_RPC_INTERNAL_ERROR, JSON_RPC_INVALID_REQUEST } from '../jsonRpc.mjs'

/**
 * A request a service refuses on purpose (anything else thrown is a bug, logged and answered 500).
 *
 * The answer's body is `{ error: message }`, with `code` when the error has one (the wallet's `SESSION_EXPIRED` …; the
 * API's and the directory's refusals have none, as their clients read the message) and the fields of `details`
 * (the names' `reasons`, a refused sign-in's `reason`). `headers` go with it (`retry-after`, `allow`). On a JSON-RPC
 * endpoint `details.rpcCode` is the error object's code.
 *
 * @example
 * throw new ServiceError(400, null, 'Invalid address')
 * throw new ServiceError(403, 'FORBIDDEN', 'Only the wallet frame may call this')
 * throw new ServiceError(400, null, 'Invalid name', { reasons: [{ name: 'INVALID_NAME', description: 'Invalid name' }] })
 */
export class ServiceError extends Error {
  /**
   * @param {number} status the HTTP status, 400 to 599
   * @param {string | null} code a stable name for programs, or null where the service's answers carry none
   * @param {string} message what the client is told: the body's `error`
   * @param {Record<string, unknown>} [details] more fields of the body
   * @param {Record<string, string>} [headers] headers of the answer
   */
  constructor(status, code, message, details = {}, headers = {}) {
    super(message)
    this.name = 'ServiceError'
    this.status = status
    this.code = code
    this.details = details
    this.headers = headers
  }
}

/**
 * The body of an error answer: `{ error, code?, ...details }`, the one shape every service writes.
 *
 * @param {ServiceError} error
 */
export function errorBody({ message, code, details }) {
  return { error: message, ...(code !== null && { code }), ...details }
}

/**
 * The body of an error answer on a JSON-RPC endpoint: `{ jsonrpc: '2.0', id: null, error: { code, message } }`, about
 * the whole request (so no call's id). The code is `details.rpcCode`, else -32603 (internal error) from 500 on and
 * -32600 (invalid request) below.
 *
 * @param {ServiceError} error
 */
export function jsonRpcErrorBody({ status, message, details }) {
  const fallback = status >= 500 ? JSON_RPC_INTERNAL_ERROR : JSON_RPC_INVALID_REQUEST
  return { jsonrpc: '2.0', id: null, error: { code: /** @type {number | undefined} */ (details['rpcCode']) ?? fallback, message } }
}
