// The public RPC service (rules §7: JSON-RPC POST with `chainId` and `projectId` in the query), a reference proxy: it
// forwards each call to the node of the chain named, so a page needs one RPC address for every chain and never a
// node's own. Only calls a public node answers pass: on EVM chains reads, gas estimates and signed transactions
// (never anvil_*, debug_* or eth_sendTransaction, which would spend a dev node's unlocked accounts); every Solana
// method (none of them holds a key).
import * as v from 'valibot'

import {
  ProjectIdQuery,
  ServiceError,
  allReady,
  checkServed,
  createServiceApp,
  nodeAnswers,
  queryValue,
  serveApp,
  valid,
} from '../http/index.mjs'
import { JSON_RPC_INTERNAL_ERROR, JSON_RPC_INVALID_REQUEST, JSON_RPC_METHOD_NOT_FOUND, JSON_RPC_PARSE_ERROR } from '../jsonRpc.mjs'

/** The CLI's port. */
export const DEFAULT_RPC_PORT = 8793
/** rules §9: a batch holds at most 1000 calls. */
export const MAX_BATCH = 1000
/** rules §9: the HTTP RPC timeout, 10 s, also for the node behind. */
export const UPSTREAM_TIMEOUT_MS = 10_000
/** Largest request body: a batch of signed transactions. */
export const MAX_BODY_BYTES = 1024 * 1024
/** rules §8 wallet code 4902: the chain is not one this service knows. */
export const UNKNOWN_CHAIN_CODE = 4902

/** The EVM methods a public node answers: reads, estimates, filters and already signed transactions. */
export const EVM_METHODS = new Set([
  'web3_clientVersion',
  'net_version',
  'net_listening',
  'eth_chainId',
  'eth_syncing',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  // What a transaction will do, before it is signed: the previews of Send, Swap and Pay (docs/previews.md).
  'eth_simulateV1',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
])

const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * rules §7: the query names the project, one this service serves, and the chain.
 *
 * @param {ReadonlySet<string> | undefined} projects
 */
const RpcQuery = (projects) =>
  v.looseObject({
    projectId: v.pipe(
      ProjectIdQuery,
      v.transform((projectId) => {
        checkServed(projects, projectId)
        return projectId
      }),
    ),
    chainId: queryValue('chainId', (chainId) => {
      if (!chainId) throw new ServiceError(400, null, 'chainId is required')
      return chainId
    }),
  })

/**
 * A refusal about the whole request, answered as a JSON-RPC error object with `code`.
 *
 * @param {number} code @param {string} message
 */
const rpcRefusal = (code, message) => new ServiceError(400, null, message, { rpcCode: code })

/**
 * @typedef {object} StartRpcOptions
 * @property {Record<string, string>} chains the node behind each chain, by CAIP-2 id (`eip155:31337`,
 *   `solana:<genesis hash prefix>`): http(s) URLs
 * @property {number} [port] 0 picks a free port. (default 0)
 * @property {string} [host] (default '127.0.0.1')
 * @property {readonly string[]} [projectIds] the projects it serves; others get 403. (default any project id)
 * @property {number} [timeoutMs] how long a node may take to answer. (default UPSTREAM_TIMEOUT_MS)
 * @property {(message: string) => void} [log] told about internal errors. (default console.error)
 * @property {import('../http/index.mjs').TrustedProxy} [trustedProxy] the reverse proxies whose `X-Forwarded-*`
 *   headers are believed (createTrustedProxy). (default none)
 * @property {(entry: import('../http/index.mjs').RequestLogEntry) => void} [requestLog] told about every request
 */

/**
 * Starts the public RPC service and resolves once it listens. `POST /v1?chainId=<CAIP-2>&projectId=<id>` with a
 * JSON-RPC 2.0 call or a batch of up to 1000; the answer is the node's, as it sent it. A chain it does not serve is
 * refused with rules §8's 'Unsupported chain' (code 4902); a method a public node does not answer with 'Requested RPC call
 * is not allowed' (-32601), per call of a batch.
 *
 * @example
 * const rpc = await startRpc({ chains: { 'eip155:31337': 'http://127.0.0.1:8545' } });
 * await fetch(`${rpc.url}/v1?chainId=eip155:31337&projectId=demo`, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' });
 *
 * @param {StartRpcOptions} options
 */
export async function startRpc({
  chains,
  port = 0,
  host = '127.0.0.1',
  projectIds,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  log = (message) => console.error(message),
  trustedProxy,
  requestLog,
}) {
  const nodes = checkChains(chains)
  const projects = projectIds === undefined ? undefined : new Set(projectIds)
  const app = createServiceApp({
    name: 'rpc',
    log,
    methods: ['POST'],
    maxBodyBytes: MAX_BODY_BYTES,
    trustedProxy,
    requestLog,
    // Ready while every node behind it answers.
    ready: allReady([...nodes].map(([chainId, url]) => nodeAnswers(url, chainId.startsWith('solana:') ? 'getHealth' : 'eth_chainId'))),
    errorBodies: 'json-rpc',
  })

  const handle = async (/** @type {import('hono').Context} */ c) => {
    const { chainId } = /** @type {v.InferOutput<ReturnType<typeof RpcQuery>>} */ (c.req.valid(/** @type {never} */ ('query')))
    const node = nodes.get(chainId)
    if (!node) throw rpcRefusal(UNKNOWN_CHAIN_CODE, 'Unsupported chain')

    // The body is read as text and parsed here, not by a schema: the node gets it as the client wrote it.
    const text = await c.req.text()
    let body
    try {
      body = JSON.parse(text)
    } catch {
      throw rpcRefusal(JSON_RPC_PARSE_ERROR, 'Parse error')
    }
    const allowed = (/** @type {string} */ method) => (chainId.startsWith('eip155:') ? EVM_METHODS.has(method) : true)
    if (!Array.isArray(body)) {
      const problem = callProblem(body, allowed)
      // The body as the client wrote it: re-serialising would round integers past 2^53 (Solana's u64s).
      return reply(c, problem ? stringifyError(body, problem) : await forward(node, text, timeoutMs))
    }
    if (body.length === 0 || body.length > MAX_BATCH) throw rpcRefusal(JSON_RPC_INVALID_REQUEST, `A batch holds 1 to ${MAX_BATCH} calls`)
    // Each call on its own, in parallel: one refused call leaves the others their answers (JSON-RPC 2.0 rules §6).
    const answers = await Promise.all(
      body.map(async (call) => {
        const problem = callProblem(call, allowed)
        return problem ? stringifyError(call, problem) : forward(node, JSON.stringify(call), timeoutMs)
      }),
    )
    return reply(c, `[${answers.join(',')}]`)
  }
  const query = valid('query', RpcQuery(projects))
  app.post('/v1', query, handle)
  app.post('/v1/', query, handle)

  const served = await serveApp(app, { port, host, envVar: 'FOYER_RPC_PORT', name: 'rpc', log })
  return {
    /** `http://127.0.0.1:<port>` */
    url: served.url,
    port: served.port,
    /** The URL of one chain for a project, as a client uses it: `<url>/v1?chainId=…&projectId=…`. */
    urlFor: (/** @type {string} */ chainId, /** @type {string} */ projectId) =>
      `${served.url}/v1?${new URLSearchParams({ chainId, projectId })}`,
    /** Stops listening and closes every connection; resolves once closed. Safe to call twice. */
    stop: served.stop,
    /** Stops accepting, lets the requests in flight finish (`/readyz` answers 503 meanwhile), then stops. */
    drain: served.drain,
  }
}

/** @typedef {Awaited<ReturnType<typeof startRpc>>} RpcService */

/**
 * What is wrong with one call, or undefined when it may go to the node.
 *
 * @param {unknown} call
 * @param {(method: string) => boolean} allowed
 * @returns {{ code: number, message: string } | undefined}
 */
function callProblem(call, allowed) {
  if (typeof call !== 'object' || call === null || Array.isArray(call))
    return { code: JSON_RPC_INVALID_REQUEST, message: 'Invalid request' }
  const { jsonrpc, method, params, id } = /** @type {Record<string, unknown>} */ (call)
  const validId = id === undefined || id === null || typeof id === 'string' || typeof id === 'number'
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId || (params !== undefined && typeof params !== 'object')) {
    return { code: JSON_RPC_INVALID_REQUEST, message: 'Invalid request' }
  }
  // rules §8: what the service does not pass on is 'not allowed', in the words of the rules.
  if (!allowed(method)) return { code: JSON_RPC_METHOD_NOT_FOUND, message: 'Requested RPC call is not allowed' }
  return undefined
}

/** @param {unknown} call @param {{ code: number, message: string }} error */
function stringifyError(call, error) {
  const id =
    typeof call === 'object' && call !== null && 'id' in call && (typeof call.id === 'string' || typeof call.id === 'number')
      ? call.id
      : null
  return JSON.stringify({ jsonrpc: '2.0', id, error })
}

/**
 * The node's answer to `text`, as it wrote it; a node that cannot be reached or takes too long is a JSON-RPC
 * internal error for that call.
 *
 * @param {string} node
 * @param {string} text
 * @param {number} timeoutMs
 */
async function forward(node, text, timeoutMs) {
  try {
    const response = await fetch(node, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = await response.text()
    JSON.parse(answer)
    return answer
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable'
    let id = null
    try {
      id = JSON.parse(text).id ?? null
    } catch {
      // The call was checked before; nothing else to name.
    }
    return JSON.stringify({
      jsonrpc: '2.0',
      id,
      error: { code: JSON_RPC_INTERNAL_ERROR, message: `Blockchain node unavailable: ${reason}` },
    })
  }
}

/** @param {import('hono').Context} c @param {string} json */
function reply(c, json) {
  return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' })
}

/** @param {unknown} chains */
function checkChains(chains) {
  if (typeof chains !== 'object' || chains === null) throw new TypeError('chains must map CAIP-2 chain ids to node URLs')
  return new Map(
    Object.entries(chains).map(([chainId, url]) => {
      if (!CAIP2_PATTERN.test(chainId)) throw new TypeError(`chains: ${JSON.stringify(chainId)} is not a CAIP-2 chain id such as eip155:1`)
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new TypeError(`chains[${chainId}] must be an http(s) URL`)
      return [chainId, url]
    }),
  )
}
