// A per-client request budget for the routes worth guessing at: codes, logins and registrations. A fixed window per
// key (the client's address and the route group), answered 429 with `retry-after` past the budget. One process
// keeps its windows in memory (bounded: keys whose window has passed are swept once the table grows); instances
// sharing a PostgreSQL server keep them there, so a client has one budget however many instances answer it.
import { ServiceError } from './serviceError.mjs'

/** The default budget: 60 requests per client and route group each minute. */
export const DEFAULT_RATE_LIMIT = Object.freeze({ limit: 60, windowMs: 60_000 })
// Past this many keys the table is swept of every window that has ended.
const SWEEP_AT = 10_000

/**
 * The address of the socket's peer under @hono/node-server; 'local' when there is no socket (`app.request()` in
 * tests). Behind a reverse proxy every client has the proxy's address: use createTrustedProxy's `clientAddress`.
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
 * A request budget per key. `take(key)` counts one request and throws a 429 ServiceError (with `retry-after` in whole
 * seconds) once the key has used its budget for the current window.
 *
 * @example
 * const logins = createRateLimit({ limit: 60, windowMs: 60_000 });
 * app.post('/login', (c) => { logins.take(`${clientAddress(c)}:login`); … });
 *
 * @param {RateLimitOptions} options
 */
export function createRateLimit({ limit, windowMs, now = Date.now }) {
  checkBudget(limit, windowMs)
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
      if (window.count > limit) throw rateLimited(window.start + windowMs - time)
    },
    /** How many keys are tracked (for the memory bound's test). */
    get size() {
      return windows.size
    },
  }
}

/** How often (at most) one process sweeps the shared table of windows that have ended. */
const SHARED_SWEEP_MS = 60_000

/** The shared windows' table; append-only like every service's migrations. */
export const RATE_LIMIT_MIGRATIONS = [
  {
    name: 'create windows',
    sql: `
      -- One row per client and route group: the requests counted in the window that ends at ends_ms (epoch ms).
      CREATE TABLE rate_limits.windows (
        key text PRIMARY KEY,
        ends_ms bigint NOT NULL,
        count integer NOT NULL
      );
      CREATE INDEX windows_ends ON rate_limits.windows (ends_ms);`,
  },
]

/**
 * A request budget per key kept in the database (schema `rate_limits`, migrated here), so every instance on one
 * PostgreSQL server counts against the same windows. Each `take` is one atomic upsert: two instances counting the
 * same key at once both see the other's request.
 *
 * @example
 * const logins = await openSharedRateLimit({ database, scope: 'wallet', limit: 60, windowMs: 60_000 });
 * await logins.take(`${proxy.clientAddress(c)} login`);
 *
 * @param {RateLimitOptions & { database: import('../storage/index.mjs').Database, scope: string }} options `scope`
 *   keeps one service's keys apart from another's
 */
export async function openSharedRateLimit({ database, scope, limit, windowMs, now = Date.now }) {
  checkBudget(limit, windowMs)
  await database.migrate({ schema: 'rate_limits', migrations: RATE_LIMIT_MIGRATIONS })
  let sweptAt = now()
  return {
    /** @param {string} key */
    async take(key) {
      const time = now()
      const { rows } = await database.query(
        `INSERT INTO rate_limits.windows AS w (key, ends_ms, count) VALUES ($1, $2::bigint + $3::bigint, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN w.ends_ms <= $2::bigint THEN 1 ELSE w.count + 1 END,
           ends_ms = CASE WHEN w.ends_ms <= $2::bigint THEN $2::bigint + $3::bigint ELSE w.ends_ms END
         RETURNING ends_ms, count`,
        [`${scope} ${key}`, Math.floor(time), Math.ceil(windowMs)],
      )
      if (time - sweptAt >= SHARED_SWEEP_MS) {
        sweptAt = time
        // Not awaited: a sweep never delays the request that happened to trigger it.
        database.query('DELETE FROM rate_limits.windows WHERE ends_ms <= $1', [Math.floor(time)]).catch(() => {})
      }
      const { ends_ms: endsMs, count } = /** @type {{ ends_ms: string, count: number }} */ (rows[0])
      if (count > limit) throw rateLimited(Number(endsMs) - time)
    },
  }
}

/**
 * The budget a service uses: shared through the database when it is a PostgreSQL server (instances may be many),
 * in memory otherwise (the embedded database is one process's). `false` turns it off.
 *
 * @param {{ limit: number, windowMs: number } | false} rateLimit
 * @param {{ database?: import('../storage/index.mjs').Database, scope: string, now?: () => number }} options
 * @returns {Promise<{ take: (key: string) => void | Promise<void> } | undefined>}
 */
export async function openRateLimit(rateLimit, { database, scope, now }) {
  if (!rateLimit) return undefined
  if (database?.kind === 'postgres') return openSharedRateLimit({ ...rateLimit, database, scope, now })
  return createRateLimit({ ...rateLimit, now })
}

/** @param {number} limit @param {number} windowMs */
function checkBudget(limit, windowMs) {
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError('createRateLimit: limit must be a whole number of at least 1')
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new TypeError('createRateLimit: windowMs must be a positive number')
}

/** @param {number} remainingMs what is left of the window */
function rateLimited(remainingMs) {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000))
  return new ServiceError(429, null, `Rate Limited: try again after ${seconds} seconds`, {}, { 'retry-after': String(seconds) })
}
