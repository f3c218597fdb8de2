// The two ways a request fails on purpose; anything else thrown is a bug and answers 500.

/** A request the API refuses: the HTTP status and the message of `{ error }`. */
export class RequestError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
  }
}

/** A node behind the API failed or could not be reached: answered with 502. */
export class UpstreamError extends Error {
  /** @param {string} message @param {unknown} [cause] */
  constructor(message, cause) {
    super(message, { cause });
    this.name = 'UpstreamError';
  }
}
