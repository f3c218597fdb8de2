// JSON-RPC over HTTP for the chain's own reads: a first connection and its balance need one call, and viem's
// client would bring its request, error and retry machinery (some 30 KB gzip) into that path (#21). Sends and
// contract reads, which need viem's encoders anyway, keep viem's client (publicClient.ts).
import { BaseError, type BaseErrorOptions, createToken, type Token } from 'foyer'
import type { Kernel } from 'foyer'

/** rules §9: an HTTP RPC request gives up after 10 s. */
export const RPC_TIMEOUT_MS = 10_000

/** rules §9: at most 1000 JSON-RPC requests go in one HTTP batch. */
export const RPC_BATCH_SIZE = 1000

/** Calls one JSON-RPC method; calls made in the same tick share an HTTP request. */
export type RpcCall = (method: string, params: readonly unknown[]) => Promise<unknown>

/** The network's RPC did not answer in time, answered with an error, or answered something that is not JSON-RPC. */
export class RpcRequestError extends BaseError {
  override name = 'RpcRequestError'
  constructor(options?: BaseErrorOptions) {
    super('The network did not answer', options)
  }
}

interface Request {
  method: string
  params: readonly unknown[]
  resolve(result: unknown): void
  reject(error: unknown): void
}

// Here, not in session.ts: lazy chunks that import a manifest module drag its neighbours into shared chunks.
const RpcCallsToken: Token<Map<string, RpcCall>> = createToken('evm:rpcCalls')

/** The call function for an RPC URL, one per kernel and URL: two kernels on a page share no batch. */
export function rpcFor(kernel: Pick<Kernel, 'container'>, url: string): RpcCall {
  const byUrl = kernel.container.ensure(RpcCallsToken, () => new Map<string, RpcCall>())
  let call = byUrl.get(url)
  if (!call) {
    call = batchedRpc(url)
    byUrl.set(url, call)
  }
  return call
}

function batchedRpc(url: string): RpcCall {
  let queue: Request[] = []
  const flush = () => {
    const requests = queue
    queue = []
    for (let start = 0; start < requests.length; start += RPC_BATCH_SIZE) void send(url, requests.slice(start, start + RPC_BATCH_SIZE))
  }
  return (method, params) =>
    new Promise((resolve, reject) => {
      if (queue.push({ method, params, resolve, reject }) === 1) setTimeout(flush, 0)
    })
}

/** One HTTP request for a batch; each request settles with its own answer, matched by id. */
async function send(url: string, requests: Request[]): Promise<void> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), RPC_TIMEOUT_MS)
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requests.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params }))),
      signal: abort.signal,
    })
    const answers: unknown = await response.json().catch(() => undefined)
    // A refusal of the whole batch (an RPC service's 'Unsupported chain') keeps the service's own words.
    if (!response.ok)
      throw new RpcRequestError({ details: `${url} answered HTTP ${response.status}: ${errorMessageOf(answers) ?? 'no reason given'}.` })
    if (!Array.isArray(answers)) throw new RpcRequestError({ details: `${url} did not answer the batch with a list.` })
    const byId = new Map(answers.map((answer: { id?: unknown }) => [answer?.id, answer]))
    for (const [id, request] of requests.entries()) settle(request, byId.get(id))
  } catch (error) {
    const details = abort.signal.aborted ? `${url} did not answer within ${RPC_TIMEOUT_MS / 1000} s.` : undefined
    const failure =
      error instanceof RpcRequestError ? error : new RpcRequestError({ cause: error, details: details ?? `${url}: ${String(error)}` })
    for (const request of requests) request.reject(failure)
  } finally {
    clearTimeout(timer)
  }
}

/** The `error.message` of a JSON-RPC answer, or of a batch's first. */
function errorMessageOf(answer: unknown): string | undefined {
  const first: unknown = Array.isArray(answer) ? answer[0] : answer
  const error = typeof first === 'object' && first !== null && 'error' in first ? (first.error as { message?: unknown }) : undefined
  return typeof error?.message === 'string' ? error.message : undefined
}

function settle(request: Request, answer: unknown): void {
  if (typeof answer === 'object' && answer !== null && 'result' in answer) {
    request.resolve(answer.result)
    return
  }
  const message = errorMessageOf(answer)
  const details = message ? `${request.method}: ${message}` : `${request.method} got no answer in the batch.`
  request.reject(new RpcRequestError({ details }))
}
