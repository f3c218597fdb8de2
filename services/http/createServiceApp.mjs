// What every HTTP service shares, configured here once instead of written per service: CORS (open on the public
// read routes, only the project's allowed origins on the routes that change state), the methods a service answers
// (405 with Allow), the body limit (413), the 404, how a thrown ServiceError becomes the one error body (everything
// else is a 500), the probes a load balancer asks (`/healthz`, `/readyz`), and one log line per request under a
// request id. A service adds its routes as Hono sub-apps, mounted with `app.route`, their input checked by `valid()`.
// Services are Hono apps: Web-standard Request/Response, `app.request()` in tests without a port, and the same
// app runs on serverless and edge hosts.
import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'

import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { TrieRouter } from 'hono/router/trie-router'

import { originMatches } from 'foyer/protocol'
import { ServiceError, errorBody, jsonRpcErrorBody } from './serviceError.mjs'
import { createTrustedProxy } from './trustedProxy.mjs'

/** Largest request body a service reads unless it says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024
export const JSON_TYPE = 'application/json; charset=utf-8'

/** The public read routes may be read by any origin: they serve public data, and check projects themselves. */
const CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' }
/** A state-changing request (or its preflight) from an origin the project does not allow (rules §8 Invalid App Configuration). */
export const ORIGIN_NOT_ALLOWED = 'This origin is not an allowed origin of the project'
/** A state-changing request to a route only the service's own pages may call, from another origin. */
export const NOT_OWN_ORIGIN = "Only this service's own pages may call this"
/** A preflight's requested headers are echoed only when they look like a header list. */
const HEADER_LIST = /^[\w\s,-]+$/
/** A caller's `X-Request-Id` is kept when it looks like an id; anything else is replaced by a fresh one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/
/** The apps that are draining (serveApp's `drain`): their `/readyz` answers 503 so the balancer sends no more. */
const draining = new WeakSet()

/**
 * Marks `app` as draining: its `/readyz` answers 503 from now on.
 *
 * @param {object} app
 */
export function markDraining(app) {
  draining.add(app)
}

/**
 * A JSON answer (with a charset, which Hono's c.json leaves out).
 *
 * @param {import('hono').Context} c
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} [headers]
 */
export function sendJson(c, status, value, headers = {}) {
  return c.body(JSON.stringify(value), /** @type {any} */ (status), { ...headers, 'content-type': JSON_TYPE })
}

/**
 * The query string's parameters, read from the raw URL so that malformed percent-encoding stays the handler's to
 * refuse.
 *
 * @param {import('hono').Context} c
 */
export function searchParams(c) {
  const { url } = c.req
  const start = url.indexOf('?')
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1))
}

/**
 * @typedef {object} ServiceAppOptions
 * @property {string} name in log lines: `[directory] GET /x failed: …`
 * @property {(message: string) => void} log told about internal errors
 * @property {readonly string[]} methods what the service answers (CORS lists them); any other method is 405
 *   before routing, and a path routed for other methods only is 405 too
 * @property {string} [allowHeaders] a preflight's allowed headers when it asks for none (or oddly). (default 'content-type')
 * @property {number} [maxBodyBytes] past it, 413 (and the connection closes). (default DEFAULT_MAX_BODY_BYTES)
 * @property {(error: unknown) => ServiceError | undefined} [mapError] the service's own mapping of errors that
 *   are not ServiceErrors (a node that failed is 502); anything left is logged and answered 500
 * @property {'json-rpc'} [errorBodies] a JSON-RPC endpoint's: every error answer's body is a JSON-RPC error object
 *   (jsonRpcErrorBody), since its clients read every failure so. (default Foyer's `{ error, code?, ...details }`)
 * @property {string} [notAllowedMessage] what a 405 says. (default '<method> is not allowed; use <methods>')
 * @property {import('hono').MiddlewareHandler} [beforeRoutes] runs after CORS preflights, before everything else
 *   (the test switch that fails the next requests)
 * @property {readonly StateChangingRoute[]} [changesState] the routes that change state: a browser may call them (and
 *   read their answers) only from the service's own origin or, unless the route says `self`, from an allowed origin
 *   of the project named by the `projectId` query parameter; any other Origin is refused with 403 and no CORS
 *   header, its preflight too. A request with no Origin is not a browser's cross-site one and passes. (default none)
 * @property {(projectId: string) => Promise<readonly string[]>} [projectOrigins] a project's allowed origins (rules §5
 *   patterns, as the directory's `/projects/v1/origins` serves them; see createAllowedOrigins). An empty list allows
 *   no other origin. (default none for every project)
 * @property {boolean} [sameOriginOnly] no answer carries a CORS header, not a preflight, a 405 or an error: only
 *   the service's own pages may read it (the embedded wallet, whose answers hold sessions and secrets). (default false)
 * @property {import('./trustedProxy.mjs').TrustedProxy} [trustedProxy] how the client's address and the origin it
 *   called are read behind a reverse proxy (createTrustedProxy). (default: trust no proxy; the socket is the client)
 * @property {() => Promise<string | undefined>} [ready] whether the service can serve: undefined when it can, else
 *   why not (answered by `/readyz` as 503). `/healthz` only says the process answers. (default always ready)
 * @property {(entry: RequestLogEntry) => void} [requestLog] told about every request once it is answered. (default
 *   none: no log lines)
 */

/**
 * One request as the log line tells it.
 *
 * @typedef {object} RequestLogEntry
 * @property {string} time ISO 8601, when the answer was sent
 * @property {string} service
 * @property {string} requestId the caller's `X-Request-Id`, else a fresh one; sent back in the answer's
 * @property {string} method
 * @property {string} path without the query, which may carry secrets
 * @property {number} status
 * @property {number} ms how long the answer took, to a tenth of a millisecond
 * @property {string} client the client's address (through a trusted proxy)
 */

/**
 * @typedef {object} StateChangingRoute
 * @property {string} method 'POST', 'PUT', 'DELETE' …
 * @property {string} path a Hono path, as the route is registered (`/v1/sessions/:id/revoke`)
 * @property {'project' | 'self'} [callers] who may call it from a browser besides the service's own pages: the
 *   project's allowed origins, or nobody (a confirm button on the service's own page). (default 'project')
 */

/**
 * A Hono app with the shared behaviour in place; the service adds its routes.
 *
 * @example
 * const app = createServiceApp({ name: 'names', log: console.error, methods: ['GET', 'POST'] });
 * app.get('/v1/names/:name', (c) => sendJson(c, 200, lookUp(c.req.param('name'))));
 * const { url, stop } = await serveApp(app, { port: 0, envVar: 'FOYER_NAMES_PORT', name: 'names', log });
 *
 * @param {ServiceAppOptions} options
 */
export function createServiceApp({
  name,
  log,
  methods,
  allowHeaders = 'content-type',
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  mapError = () => undefined,
  errorBodies,
  notAllowedMessage,
  beforeRoutes,
  changesState = [],
  projectOrigins = async () => [],
  sameOriginOnly = false,
  trustedProxy = createTrustedProxy(),
  ready = async () => undefined,
  requestLog,
}) {
  const allow = [...methods, 'OPTIONS'].join(', ')
  /** @type {TrieRouter<StateChangingRoute>} */
  const stateRoutes = new TrieRouter()
  for (const route of changesState) stateRoutes.add(route.method.toUpperCase(), route.path, route)
  /**
   * Whether a browser page on `origin` may call (and read) the state-changing `route`.
   *
   * @param {import('hono').Context} c @param {StateChangingRoute} route @param {string} origin
   */
  const mayCall = async (c, route, origin) => {
    if (origin === trustedProxy.origin(c)) return true
    if (route.callers === 'self') return false
    // The project is the query's (the client sends it there on every call, so that a preflight can name it too).
    const projectIds = searchParams(c).getAll('projectId')
    if (projectIds.length !== 1 || !projectIds[0]) return false
    return (await projectOrigins(projectIds[0])).some((pattern) => originMatches(pattern, origin))
  }
  /** @param {import('hono').Context} c @param {ServiceError} refusal */
  const refuse = (c, refusal) =>
    sendJson(c, refusal.status, errorBodies === 'json-rpc' ? jsonRpcErrorBody(refusal) : errorBody(refusal), refusal.headers)
  /** @param {string} method @param {string} allowed */
  const notAllowed = (method, allowed) =>
    new ServiceError(405, null, notAllowedMessage ?? `${method} is not allowed; use ${allowed}`, {}, { allow: allowed })

  const app = new Hono()
  app.use(async (c, next) => {
    const started = performance.now()
    const given = c.req.header('x-request-id')
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID()
    await next()
    try {
      c.res.headers.set('x-request-id', requestId)
    } catch {
      // A response passed on from elsewhere (a proxied node's) has headers that cannot change: copied, they can.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('x-request-id', requestId)
    }
    requestLog?.({
      time: new Date().toISOString(),
      service: name,
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      client: trustedProxy.clientAddress(c),
    })
  })
  // Before CORS and the method checks: a load balancer's probe is answered whatever the service's rules.
  app.get('/healthz', (c) => sendJson(c, 200, { status: 'alive' }))
  app.get('/readyz', async (c) => {
    const reason = draining.has(app) ? 'draining' : await ready().catch((error) => String(error?.message ?? error))
    return reason === undefined ? sendJson(c, 200, { status: 'ready' }) : sendJson(c, 503, { status: 'not ready', reason })
  })
  app.use(async (c, next) => {
    const preflight = c.req.method === 'OPTIONS'
    const method = preflight ? (c.req.header('access-control-request-method') ?? '').toUpperCase() : c.req.method
    const route = stateRoutes.match(method, c.req.path)[0][0]?.[0]
    const origin = c.req.header('origin')
    // A state-changing route's answers depend on the Origin: caches must keep them apart.
    if (route) c.header('vary', 'origin')
    if (route && origin !== undefined && !(await mayCall(c, route, origin))) {
      throw new ServiceError(403, null, route.callers === 'self' ? NOT_OWN_ORIGIN : ORIGIN_NOT_ALLOWED)
    }
    const cors = sameOriginOnly
      ? {}
      : route
        ? origin === undefined
          ? {}
          : { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after' }
        : CORS_HEADERS
    // A same-origin service grants nothing: its preflight answers with no access-control header at all, which a
    // browser reads as a refusal.
    if (preflight && sameOriginOnly) return c.body(null, 204, { allow })
    if (preflight) {
      const requested = c.req.header('access-control-request-headers') ?? ''
      return c.body(null, 204, {
        ...cors,
        'access-control-allow-methods': allow,
        'access-control-allow-headers': HEADER_LIST.test(requested) ? requested : allowHeaders,
        'access-control-max-age': '86400',
      })
    }
    for (const [header, value] of Object.entries(cors)) c.header(header, value)
    await next()
  })
  if (beforeRoutes) app.use(beforeRoutes)
  app.use(async (c, next) => {
    // Hono answers HEAD with the GET route; a service that does not list HEAD refuses it, as it refuses PUT.
    if (!methods.includes(c.req.method)) return refuse(c, notAllowed(c.req.method, allow))
    await next()
  })
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, routed) => {
        const pathAllow = [...routed.filter((method) => method !== 'HEAD'), 'OPTIONS'].join(', ')
        return refuse(c, notAllowed(c.req.method, pathAllow))
      },
    }),
  )
  // Closing the connection: the rest of the body is not read, so the socket cannot carry another request.
  const tooLarge = (/** @type {import('hono').Context} */ c) =>
    refuse(c, new ServiceError(413, null, `The body exceeds ${maxBodyBytes} bytes`, {}, { connection: 'close' }))
  const limitBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })
  // A body of declared length is judged by its header (Node's parser holds the body to it); only a chunked one is
  // counted as it is read, by Hono's bodyLimit. Merely looking for a body makes @hono/node-server build the full Web
  // Request it otherwise skips: a third of a millisecond of every POST, as profiled under load.
  app.use(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limitBody(c, next)
    return Number(length) > maxBodyBytes ? tooLarge(c) : next()
  })
  app.notFound((c) => refuse(c, new ServiceError(404, null, 'Not found')))
  // The one place an error becomes an answer. Sub-apps mounted with app.route hand theirs up to here.
  app.onError((error, c) => {
    const refusal =
      error instanceof ServiceError
        ? error
        : error instanceof HTTPException
          ? new ServiceError(error.status, null, error.message)
          : mapError(error)
    if (refusal) return refuse(c, refusal)
    log(`[${name}] ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return refuse(c, new ServiceError(500, null, 'Internal error'))
  })
  return app
}

/**
 * A switch that makes the next requests fail (`failNext(429)`) or answer late (`delayNext(5000)`), for trying a
 * client's error handling and its loading states. Its `middleware` goes in `beforeRoutes`, so preflights never use
 * one up. A delayed request waits first, then fails if a failure is pending, else is served.
 */
export function createFailureSwitch() {
  let failure = { status: 0, remaining: 0 }
  let delay = { ms: 0, remaining: 0 }
  /** The requests waiting now, each with what lets it go on. @type {Set<() => void>} */
  const waiting = new Set()
  return {
    /**
     * The next `count` requests answer `status` with `{ error }`; 429 also carries `retry-after: 1`. Replaces any
     * failure still pending.
     *
     * @param {number} status 400 to 599
     * @param {number} [count] default 1; Infinity fails every request
     */
    failNext(status, count = 1) {
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new TypeError('failNext: status must be 400 to 599')
      if (!(count === Infinity || (Number.isInteger(count) && count >= 0))) throw new TypeError('failNext: count must be a whole number')
      failure = { status, remaining: count }
    },
    /**
     * The next `count` requests wait `ms` before they are handled: a slow service, not a down one. Replaces any
     * delay still pending; `count` 0 also lets every request waiting now go on at once (the answer arrives).
     *
     * @param {number} ms Infinity holds them until a `delayNext(…, 0)`
     * @param {number} [count] default 1; Infinity delays every request
     */
    delayNext(ms, count = 1) {
      if (!(ms === Infinity || (Number.isFinite(ms) && ms >= 0))) throw new TypeError('delayNext: ms must be 0 or more')
      if (!(count === Infinity || (Number.isInteger(count) && count >= 0))) throw new TypeError('delayNext: count must be a whole number')
      delay = { ms, remaining: count }
      if (count === 0) for (const release of [...waiting]) release()
    },
    /** @type {import('hono').MiddlewareHandler} */
    async middleware(_c, next) {
      if (delay.remaining > 0) {
        delay.remaining -= 1
        const { ms } = delay
        await new Promise((resolve) => {
          const release = () => {
            waiting.delete(release)
            clearTimeout(timer)
            resolve(undefined)
          }
          // Unref'd: a held request never keeps the process alive; a stopped server drops its connection anyway.
          const timer = ms === Infinity ? undefined : setTimeout(release, ms).unref()
          waiting.add(release)
        })
      }
      if (failure.remaining > 0) {
        failure.remaining -= 1
        /** @type {Record<string, string>} */
        const headers = failure.status === 429 ? { 'retry-after': '1' } : {}
        throw new ServiceError(failure.status, null, STATUS_CODES[failure.status] ?? 'Failed', {}, headers)
      }
      await next()
    },
  }
}
