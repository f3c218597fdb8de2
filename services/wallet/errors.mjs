// The wallet's refusals: an HTTP status for the frame's fetch, a stable code the client maps to rules §8's alerts,
// and the message shown or logged. PROTOCOL.md lists every code.
import { ServiceError } from '../http/index.mjs'

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
