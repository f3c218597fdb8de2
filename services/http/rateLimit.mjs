// A per-client request budget for the routes worth guessing at: codes, logins and registrations. A fixed window per
// key (the client's address and the route group), answered 429 with `retry-after` past the budget. Memory is
// bounded: keys whose window has passed are swept once the table grows.
import { RequestError } from './createServiceApp.mjs'

/** The default budget: 60 requests per client and route group each minute. */
export const DEFAULT_RATE_LIMIT = Object.freeze({ limit: 60, windowMs: 60_000 })
// Past this many keys the table is swept of every window that has ended.
const SWEEP_AT = 10_000

/**
 * The address of the client that sent the request: the socket's peer under @hono/node-server; 'local' when there is
 * no socket (`app.request()` in tests). A proxy in front makes every client one address; put the limit there then.
 *
 * @param {import('hono').Context} c
 * @returns {string}
 */
export function clientAddress(c) {
  return c.env?.incoming?.socket?.remoteAddress ?? 'local'
}

/**
 * @typedef {object} RateLimitOptions
 * @property {number} limit requests allowed per key in one window
 * @property {number} windowMs the window's length
 * @property {() => number} [now] (default Date.now)
 */

/**
 * A request budget per key. `take(key)` counts one request and throws a 429 RequestError (with `retry-after` in whole
 * seconds) once the key has used its budget for the current window.
 *
 * @example
 * const logins = createRateLimit({ limit: 60, windowMs: 60_000 });
 * app.post('/login', (c) => { logins.take(`${clientAddress(c)}:login`); … });
 *
 * @param {RateLimitOptions} options
 */
export function createRateLimit({ limit, windowMs, now = Date.now }) {
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError('createRateLimit: limit must be a whole number of at least 1')
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new TypeError('createRateLimit: windowMs must be a positive number')
  /** @type {Map<string, { start: number, count: number }>} */
  const windows = new Map()
  return {
    /** @param {string} key */
    take(key) {
      const time = now()
      if (windows.size >= SWEEP_AT) for (const [old, window] of windows) if (time - window.start >= windowMs) windows.delete(old)
      let window = windows.get(key)
      if (!window || time - window.start >= windowMs) {
        window = { start: time, count: 0 }
        windows.set(key, window)
      }
      window.count += 1
      if (window.count > limit) {
        const seconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000))
        throw new RequestError(429, `Rate Limited: try again after ${seconds} seconds`, { 'retry-after': String(seconds) })
      }
    },
    /** How many keys are tracked (for the memory bound's test). */
    get size() {
      return windows.size
    },
  }
}
