// JSON-RPC 2.0 framing for the local WalletConnect relay: parsing WebSocket frames (with ids beyond 2^53
// kept exact), error objects and serialisation. Knows nothing about topics; the methods come in as a table.

import {
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_INTERNAL_ERROR,
  JsonRpcError,
  answerCalls,
  errorResponse,
} from '../../jsonRpc.mjs'

/** A JSON-RPC batch (an array frame) longer than this is refused as a whole. */
export const MAX_BATCH_LENGTH = 100

/** @typedef {import('../../jsonRpc.mjs').JsonRpcId} JsonRpcId */
/** @typedef {import('../../jsonRpc.mjs').JsonRpcResponse} JsonRpcResponse */

/**
 * @typedef {(params: unknown, peer: P) => unknown} RelayMethod
 * @template P
 */

// The SDK's ids are `getBigIntRpcId()`s (Date.now() × 10^6 + noise), which it sends as bare integer
// literals when they are not strings: JSON.parse would round them and the answer would never match.
// An integer `"id"` member with 16+ digits is therefore read as a bigint and written back verbatim.
// The look-behind skips `\"id\"` inside string values (e.g. a JSON document carried as a message).
const BIG_ID = /(?<!\\)("id"\s*:\s*)(-?\d{16,})(?=\s*[,}\]])/g
const BIG_ID_MARK = '__foyer_relay_bigint__'

/**
 * Parses one frame. Integer ids beyond Number's exact range come back as bigints.
 *
 * @param {string} text
 * @returns {unknown}
 * @throws {SyntaxError} when the text is not JSON
 */
export function parseJsonFrame(text) {
  const marked = text.includes('"id"') ? text.replace(BIG_ID, `$1"${BIG_ID_MARK}$2"`) : text
  return JSON.parse(marked, (key, value) =>
    key === 'id' && typeof value === 'string' && value.startsWith(BIG_ID_MARK) && /^-?\d+$/.test(value.slice(BIG_ID_MARK.length))
      ? BigInt(value.slice(BIG_ID_MARK.length))
      : value,
  )
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * @param {unknown} id
 * @returns {id is JsonRpcId}
 */
function isValidId(id) {
  return id === null || typeof id === 'string' || typeof id === 'bigint' || (typeof id === 'number' && Number.isFinite(id))
}

/**
 * What the frame handler needs from its host.
 *
 * @template P
 * @typedef {object} FrameContext
 * @property {Record<string, RelayMethod<P>>} methods
 * @property {P} peer passed to every method
 * @property {(id: Exclude<JsonRpcId, null>, response: Record<string, unknown>) => void} onResponse
 *   a response from the client (the ack of an `irn_subscription` the relay sent)
 * @property {(error: unknown, method: string) => void} onInternalError told about non-JsonRpcError throws
 */

/**
 * Runs one decoded element of a frame. Returns the response to send, or undefined for notifications and
 * for responses coming from the client.
 *
 * @template P
 * @param {unknown} payload
 * @param {FrameContext<P>} context
 * @returns {JsonRpcResponse | undefined}
 */
function handlePayload(payload, context) {
  if (!isPlainObject(payload)) return errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request: expected an object')
  const hasId = Object.hasOwn(payload, 'id')
  const id = isValidId(payload.id) ? payload.id : null
  const { jsonrpc, method, params } = payload

  // A response from the client: the SDK acks every irn_subscription with `{ id, result: true }`.
  if (method === undefined && hasId && ('result' in payload || 'error' in payload)) {
    if (isValidId(payload.id) && payload.id !== null) context.onResponse(payload.id, payload)
    return undefined
  }
  if (jsonrpc !== '2.0') return errorResponse(id, JSON_RPC_INVALID_REQUEST, 'Invalid request: jsonrpc must be "2.0"')
  if (typeof method !== 'string') return errorResponse(id, JSON_RPC_INVALID_REQUEST, 'Invalid request: method must be a string')
  if (hasId && !isValidId(payload.id)) {
    return errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request: id must be a string, a number or null')
  }

  /** @type {JsonRpcResponse} */
  let response
  if (!Object.hasOwn(context.methods, method)) {
    response = errorResponse(id, JSON_RPC_METHOD_NOT_FOUND, `Method not found: ${method}`)
  } else {
    try {
      const result = /** @type {RelayMethod<P>} */ (context.methods[method])(params, context.peer)
      response = { jsonrpc: '2.0', result: result === undefined ? null : result, id }
    } catch (error) {
      if (error instanceof JsonRpcError) {
        response = errorResponse(id, error.code, error.message)
      } else {
        context.onInternalError(error, method)
        response = errorResponse(id, JSON_RPC_INTERNAL_ERROR, 'Internal error')
      }
    }
  }
  return hasId ? response : undefined
}

/**
 * Answers one text frame. Never throws: a frame that is not JSON, not JSON-RPC or names an unknown
 * method gets an error object back, and the socket stays open.
 *
 * @template P
 * @param {string} text
 * @param {FrameContext<P>} context
 * @returns {JsonRpcResponse | JsonRpcResponse[] | undefined} what to send back, if anything
 */
export function handleJsonRpcFrame(text, context) {
  let parsed
  try {
    parsed = parseJsonFrame(text)
  } catch {
    return errorResponse(null, JSON_RPC_PARSE_ERROR, 'Parse error')
  }
  return answerCalls(parsed, MAX_BATCH_LENGTH, (payload) => handlePayload(payload, context))
}
