// A node behind the API that failed: the API's mapError answers it 502. A request it refuses on purpose is a
// ServiceError (services/http).

/** A node behind the API failed or could not be reached: answered with 502. */
export class UpstreamError extends Error {
  /** @param {string} message @param {unknown} [cause] */
  constructor(message, cause) {
    super(message, { cause })
    this.name = 'UpstreamError'
  }
}
