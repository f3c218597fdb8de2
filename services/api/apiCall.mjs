// What every rules §7 call of the API checks before its route does: a path Hono can decode, the rate limit of the login
// and registration routes, a POST's body a JSON object, and the project and client it names. One middleware, put
// first on each route (not on every /v1 path, so an unknown path stays a plain 404).
import { every } from 'hono/combine'
import { routePath } from 'hono/route'
import * as v from 'valibot'

import { Client, ProjectId, ServiceError, check, checkServed, queryString, valid } from '../http/index.mjs'

/** What the call's checks leave on the context for the route: the project that asks. @typedef {{ Variables: { projectId: string } }} ApiEnv */

/** The query's project and client (rules §7: every GET names them; a POST names its project in the body or the query). */
const CallQuery = v.looseObject({ projectId: queryString('projectId'), st: queryString('st'), sv: queryString('sv') })

/**
 * @param {object} options
 * @param {{ take(key: string): void | Promise<void> } | undefined} options.budget the rate limit, when on
 * @param {ReadonlySet<string>} options.limitedRoutes `METHOD /path` of the routes the budget counts
 * @param {import('../http/index.mjs').TrustedProxy} options.trustedProxy who the client is
 * @param {ReadonlySet<string> | undefined} options.projects the projects served (others: 403); undefined for any
 * @returns {import('hono').MiddlewareHandler<ApiEnv>} sets `projectId`
 */
export function createApiCall({ budget, limitedRoutes, trustedProxy, projects }) {
  return every(
    async (c, next) => {
      // Hono hands back a segment it cannot decode as it is; that is the client's mistake, not an address.
      if (!isDecodable(c.req.path)) throw new ServiceError(400, null, 'Malformed path')
      const route = `${c.req.method} ${routePath(c)}`
      if (budget && limitedRoutes.has(route)) await budget.take(`${trustedProxy.clientAddress(c)} ${routePath(c)}`)
      await next()
    },
    valid('query', CallQuery),
    async (c, next) => {
      const query = /** @type {v.InferOutput<typeof CallQuery>} */ (c.req.valid(/** @type {never} */ ('query')))
      const body = c.req.method === 'POST' ? await readJsonObject(c) : undefined
      const projectId = body === undefined ? query.projectId : (body['projectId'] ?? query.projectId)
      if (!projectId) throw new ServiceError(400, null, 'projectId is required')
      // The CORS check of a state-changing route is the query's project's: the body may not name another.
      if (query.projectId !== undefined && projectId !== query.projectId)
        throw new ServiceError(400, null, 'projectId differs between the query and the body')
      check(ProjectId, projectId)
      if (body === undefined) {
        check(Client('st', 'client type'), query.st)
        check(Client('sv', 'client version'), query.sv)
      }
      const project = /** @type {string} */ (projectId)
      checkServed(projects, project)
      c.set('projectId', project)
      await next()
    },
  )
}

/** @param {string} path */
function isDecodable(path) {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/**
 * The request's JSON object body, read whatever its content type; 400 for anything else (the shared body limit has
 * refused an oversized one). The route's `validBody` checks its fields.
 *
 * @param {import('hono').Context} c
 * @returns {Promise<Record<string, unknown>>}
 */
async function readJsonObject(c) {
  try {
    const body = JSON.parse(await c.req.text())
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body
  } catch {
    // answered below
  }
  throw new ServiceError(400, null, 'The body must be a JSON object')
}
