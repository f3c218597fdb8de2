// rules §7: every call names its project (`projectId`) and its client (`st` its type, `sv` its version) in the query.
// The schemas the services check them with, and the middleware that also refuses a project a service does not serve.
import { every } from 'hono/combine'
import * as v from 'valibot'

import { ServiceError } from './serviceError.mjs'
import { check, queryValue, valid } from './valid.mjs'

/** A project id: 1 to 128 letters, digits, "-" or "_". */
export const PROJECT_ID_PATTERN = /^[\w-]{1,128}$/
const CLIENT_PATTERN = /^[\w.+-]{1,64}$/

/** A project id, given. */
export const ProjectId = v.pipe(
  v.string('projectId must be 1 to 128 letters, digits, "-" or "_"'),
  v.regex(PROJECT_ID_PATTERN, 'projectId must be 1 to 128 letters, digits, "-" or "_"'),
)

/**
 * The client's type or version, required.
 *
 * @param {'st' | 'sv'} name
 * @param {string} what
 */
export const Client = (name, what) =>
  v.pipe(
    v.string(`${name} (the ${what}) is required`),
    v.nonEmpty(`${name} (the ${what}) is required`),
    v.regex(CLIENT_PATTERN, `${name} must be 1 to 64 letters, digits, ".", "+", "-" or "_"`),
  )

/** The query's project, required (an empty one too), once. */
export const ProjectIdQuery = queryValue('projectId', (projectId) => {
  if (!projectId) throw new ServiceError(400, null, 'projectId is required')
  return check(ProjectId, projectId)
})

/** A query that names its project and its client. */
export const ClientQuery = v.looseObject({
  projectId: ProjectIdQuery,
  st: queryValue('st', (st) => check(Client('st', 'client type'), st)),
  sv: queryValue('sv', (sv) => check(Client('sv', 'client version'), sv)),
})

/**
 * Refuses, with 403, a project the service does not serve.
 *
 * @param {ReadonlySet<string> | undefined} projects the projects served; undefined for any
 * @param {string} projectId
 * @param {string} [service] how the refusal names the service (default 'service')
 */
export function checkServed(projects, projectId, service = 'service') {
  if (projects && !projects.has(projectId)) throw new ServiceError(403, null, `projectId is not a project of this ${service}`)
}

/**
 * Checks the query's project and client (ClientQuery), and that the service serves the project.
 *
 * @param {ReadonlySet<string> | undefined} projects the projects served; undefined for any
 * @param {string} [service] how a refusal names the service (default 'service')
 * @returns {import('hono').MiddlewareHandler}
 */
export function checkClient(projects, service) {
  return every(valid('query', ClientQuery), async (c, next) => {
    const { projectId } = /** @type {v.InferOutput<typeof ClientQuery>} */ (c.req.valid(/** @type {never} */ ('query')))
    checkServed(projects, projectId, service)
    await next()
  })
}
