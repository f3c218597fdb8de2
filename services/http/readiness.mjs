// What a service checks before `/readyz` says it can serve: its database answers, and the nodes it reads answer.
// Each check is bounded by a short timeout, so a probe never hangs on a dead dependency.
import { callJsonRpc } from '../jsonRpc.mjs'

/** How long one dependency may take to answer a readiness probe. */
export const READY_TIMEOUT_MS = 2_000

/**
 * @typedef {() => Promise<string | undefined>} ReadyCheck undefined when the dependency answers, else why not
 */

/**
 * The database answers a query.
 *
 * @param {Pick<import('../storage/index.mjs').Database, 'query' | 'location'>} database
 * @returns {ReadyCheck}
 */
export const databaseAnswers = (database) => async () => {
  try {
    await withTimeout(database.query('SELECT 1'))
    return undefined
  } catch (error) {
    return `the database does not answer: ${messageOf(error)}`
  }
}

/**
 * A JSON-RPC node answers `method` (`eth_chainId` on an EVM node, `getHealth` on Solana's).
 *
 * @param {string} rpcUrl
 * @param {string} [method]
 * @returns {ReadyCheck}
 */
export const nodeAnswers =
  (rpcUrl, method = 'eth_chainId') =>
  async () => {
    try {
      const { error } = await callJsonRpc(rpcUrl, method, [], { timeoutMs: READY_TIMEOUT_MS })
      return error ? `the node ${redactUrl(rpcUrl)} answered an error: ${error.message}` : undefined
    } catch (error) {
      return `the node ${redactUrl(rpcUrl)} does not answer: ${messageOf(error)}`
    }
  }

/**
 * Every check at once; the first reason any gives, else undefined.
 *
 * @param {readonly ReadyCheck[]} checks
 * @returns {ReadyCheck}
 */
export const allReady = (checks) => async () => (await Promise.all(checks.map((check) => check()))).find(Boolean)

/** @template T @param {Promise<T>} promise */
function withTimeout(promise) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/** A node's URL may carry an API key in its path or query: only its origin is told. @param {string} url */
function redactUrl(url) {
  try {
    return new URL(url).origin
  } catch {
    return 'URL'
  }
}
