// The wallet's refusals: an HTTP status for the frame's fetch, a stable code the client maps to rules §8's alerts,
// and the message shown or logged. PROTOCOL.md lists every code. Input is checked the services' one way (valid.mjs),
// worded as the wallet's INVALID_REQUEST.
import { ServiceError, check, valid, validBody } from '../http/index.mjs'

/**
 * A refusal the frame passes on to the host as `FRAME_<NAME>_ERROR { message, code }`: the services' one ServiceError,
 * always with a code, written by createServiceApp as `{ error, code, ...details }`.
 */
export class WalletError extends ServiceError {
  /**
   * @param {number} status
   * @param {string} code e.g. 'SESSION_EXPIRED'
   * @param {string} message
   * @param {Record<string, unknown>} [details] extra fields for the answer (a JSON-RPC `rpcCode`)
   */
  constructor(status, code, message, details = {}) {
    super(status, code, message, details)
    this.name = 'WalletError'
    /** @type {string} */
    this.code = code
  }
}

/** @param {string} message */
export const invalidRequest = (message) => new WalletError(400, 'INVALID_REQUEST', message)
/** rules §8: 'Requested RPC call is not allowed'; the modal shows 'Action not allowed'. */
export const notAllowed = () => new WalletError(400, 'NOT_ALLOWED', 'Requested RPC call is not allowed', { rpcCode: 4200 })

/** How the wallet words input it refuses: with a code, like all its refusals, since the frame passes the code on. */
const REFUSAL = { code: 'INVALID_REQUEST', notJson: 'The body must be JSON' }

/**
 * The body checked by `schema` before the route runs (valid.mjs validBody), refused as INVALID_REQUEST.
 *
 * @template {import('valibot').GenericSchema} S
 * @param {S} schema
 */
export const walletBody = (schema) => validBody(schema, REFUSAL)

/**
 * The query checked by `schema` before the route runs (valid.mjs valid), refused as INVALID_REQUEST.
 *
 * @template {import('valibot').GenericSchema} S
 * @param {S} schema
 */
export const walletQuery = (schema) => valid('query', schema, REFUSAL)

/**
 * An APP_ message's payload as `schema` reads it (an absent payload is `{}`), refused as INVALID_REQUEST.
 *
 * @template {import('valibot').GenericSchema} S
 * @param {S} schema
 * @param {unknown} payload
 * @returns {import('valibot').InferOutput<S>}
 */
export const checkPayload = (schema, payload) => check(schema, payload ?? {}, REFUSAL.code)
