// JSON-RPC 2.0 framing for the local Solana node: parsing, validation, batches, error objects and
// bigint-safe serialisation. Knows nothing about Solana; the methods come in as a plain table.

import {
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_INVALID_PARAMS,
  JSON_RPC_INTERNAL_ERROR,
  JsonRpcError,
  answerCalls,
  errorResponse,
} from '../../jsonRpc.mjs'

/** A batch longer than this is refused as a whole (the kit client never sends more than one call). */
export const MAX_BATCH_LENGTH = 1000

/**
 * @typedef {(params: unknown[]) => unknown} JsonRpcMethod
 * A method gets the positional params (`[]` when the request had none) and returns the result or throws.
 */

/** @typedef {import('../../jsonRpc.mjs').JsonRpcResponse} JsonRpcResponse */

/**
 * The id to echo: only strings, numbers and null are valid ids; anything else answers with null.
 *
 * @param {unknown} request
 * @returns {string | number | null}
 */
function idOf(request) {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return null
  const { id } = /** @type {{ id?: unknown }} */ (request)
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null
}

/**
 * Runs one request object. Returns undefined for a valid notification (a request without an id).
 *
 * @param {unknown} request
 * @param {Record<string, JsonRpcMethod>} methods
 * @param {(error: unknown, method: string) => void} onInternalError
 * @returns {JsonRpcResponse | undefined}
 */
function handleRequest(request, methods, onInternalError) {
  const id = idOf(request)
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request')
  }
  const { jsonrpc, method, params } = /** @type {{ jsonrpc?: unknown, method?: unknown, params?: unknown }} */ (request)
  const hasId = Object.hasOwn(request, 'id')
  const rawId = /** @type {{ id?: unknown }} */ (request).id
  if (
    jsonrpc !== '2.0' ||
    typeof method !== 'string' ||
    (hasId && rawId !== null && typeof rawId !== 'string' && typeof rawId !== 'number')
  ) {
    return errorResponse(id, JSON_RPC_INVALID_REQUEST, 'Invalid request')
  }
  let response
  if (!Object.hasOwn(methods, method)) {
    response = errorResponse(id, JSON_RPC_METHOD_NOT_FOUND, 'Method not found')
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    // Solana's API is positional only; a by-name object is a params error, not an invalid request.
    response = errorResponse(id, JSON_RPC_INVALID_PARAMS, 'Invalid params: expected an array of positional parameters')
  } else {
    try {
      const result = /** @type {JsonRpcMethod} */ (methods[method])(Array.isArray(params) ? params : [])
      response = { jsonrpc: /** @type {const} */ ('2.0'), result: result === undefined ? null : result, id }
    } catch (error) {
      if (error instanceof JsonRpcError) {
        response = errorResponse(id, error.code, error.message, error.data)
      } else {
        onInternalError(error, method)
        response = errorResponse(id, JSON_RPC_INTERNAL_ERROR, 'Internal error', {
          message: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  return hasId ? response : undefined
}

/**
 * Answers a raw HTTP body. Returns undefined when nothing is to be sent back (only notifications).
 * Never throws: every failure becomes a JSON-RPC error object.
 *
 * @param {string} body
 * @param {Record<string, JsonRpcMethod>} methods
 * @param {(error: unknown, method: string) => void} [onInternalError] told about non-JsonRpcError throws
 * @returns {JsonRpcResponse | JsonRpcResponse[] | undefined}
 */
export function handleJsonRpcBody(body, methods, onInternalError = () => {}) {
  let parsed
  try {
    parsed = JSON.parse(body)
  } catch {
    return errorResponse(null, JSON_RPC_PARSE_ERROR, 'Parse error')
  }
  return answerCalls(parsed, MAX_BATCH_LENGTH, (request) => handleRequest(request, methods, onInternalError))
}
