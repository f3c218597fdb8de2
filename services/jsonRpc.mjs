// What the local services that speak JSON-RPC share (the Solana node, the WalletConnect relay): the
// JSON-RPC 2.0 error codes (rules §8), the error a method throws to answer with one, and bigint-safe
// serialisation.

export const JSON_RPC_PARSE_ERROR = -32700
export const JSON_RPC_INVALID_REQUEST = -32600
export const JSON_RPC_METHOD_NOT_FOUND = -32601
export const JSON_RPC_INVALID_PARAMS = -32602
export const JSON_RPC_INTERNAL_ERROR = -32603
export const JSON_RPC_SERVER_ERROR = -32000

/**
 * An error a method throws to answer with a JSON-RPC error object instead of a result.
 *
 * @example throw new JsonRpcError(JSON_RPC_INVALID_PARAMS, 'Invalid params: expected an address')
 */
export class JsonRpcError extends Error {
  /**
   * @param {number} code JSON-RPC error code
   * @param {string} message the `error.message` sent to the client
   * @param {unknown} [data] the `error.data` sent to the client, left out when undefined
   */
  constructor(code, message, data) {
    super(message)
    this.name = 'JsonRpcError'
    this.code = code
    this.data = data
  }
}

/** @typedef {string | number | bigint | null} JsonRpcId */

/**
 * @typedef {{ jsonrpc: '2.0', id: JsonRpcId, result?: unknown, error?: { code: number, message: string, data?: unknown } }} JsonRpcResponse
 */

/**
 * A JSON-RPC error object answering `id`; `data` is left out when undefined.
 *
 * @param {JsonRpcId} id
 * @param {number} code
 * @param {string} message
 * @param {unknown} [data]
 * @returns {JsonRpcResponse}
 */
export function errorResponse(id, code, message, data) {
  return { jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }
}

/**
 * The answer to a parsed message: one call's, or a batch's (JSON-RPC 2.0 §6: each call answered in turn and
 * notifications left out; an empty batch, or one of more than `maxBatch` calls, is one Invalid Request). Undefined when
 * nothing is to be sent back.
 *
 * @param {unknown} parsed
 * @param {number} maxBatch
 * @param {(call: unknown) => JsonRpcResponse | undefined} answer
 * @returns {JsonRpcResponse | JsonRpcResponse[] | undefined}
 */
export function answerCalls(parsed, maxBatch, answer) {
  if (!Array.isArray(parsed)) return answer(parsed)
  if (parsed.length === 0) return errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request: empty batch')
  if (parsed.length > maxBatch) {
    return errorResponse(null, JSON_RPC_INVALID_REQUEST, `Invalid request: a batch holds at most ${maxBatch} calls`)
  }
  const answers = parsed.map(answer).filter((response) => response !== undefined)
  return answers.length > 0 ? answers : undefined
}

/**
 * JSON.stringify that writes bigints as bare integer literals: u64 values (Solana's `rentEpoch`) and
 * WalletConnect's request ids exceed 2^53, and their clients parse such literals back exactly.
 * Plain data only: undefined and function members are left out, as JSON.stringify does.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function stringifyJson(value) {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : stringifyJson(item))).join(',')}]`
  }
  if (value !== null && typeof value === 'object') {
    const members = []
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined || typeof member === 'function') continue
      members.push(`${JSON.stringify(key)}:${stringifyJson(member)}`)
    }
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * One JSON-RPC 2.0 call as a client (a service asking a node): the answer's body, `{ result }` or
 * `{ error }`. A node that cannot be reached, answers no JSON or takes longer than `timeoutMs` throws
 * the transport's error; each service names that failure in its own terms.
 *
 * @param {string} url
 * @param {string} method
 * @param {unknown} params
 * @param {{ timeoutMs: number }} options
 * @returns {Promise<{ result?: any, error?: { code?: number, message?: string, data?: unknown } }>}
 */
export async function callJsonRpc(url, method, params, { timeoutMs }) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  return (await response.json()) ?? {}
}
