// The two ways a request fails on purpose; anything else thrown is a bug and answers 500.

/** A request the API refuses: the HTTP status and the message of `{ error }` (the services' shared one). */
export { RequestError } from '../http/index.mjs'

/** A node behind the API failed or could not be reached: answered with 502. */
export class UpstreamError extends Error {
  /** @param {string} message @param {unknown} [cause] */
  constructor(message, cause) {
    super(message, { cause })
    this.name = 'UpstreamError'
  }
}
