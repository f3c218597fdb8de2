// Input checked before a handler runs: Hono's validator() with a valibot schema, the first problem answered as a
// ServiceError 400 worded by the schema (with the service's code for it, where its answers carry codes), and the
// checked value read in the handler with `c.req.valid(target)`.
import { validator } from 'hono/validator'
import * as v from 'valibot'

import { ServiceError } from './serviceError.mjs'

/**
 * @typedef {object} Refusal how a service words the 400 of input it refuses
 * @property {string | null} [code] the error's code: null where the service's answers carry none (the API's, the
 *   directory's), 'INVALID_REQUEST' for the wallet's. (default null)
 * @property {string} [notJson] validBody's message for a body that is not JSON. (default 'The body must be a JSON object')
 */

/**
 * Checks one part of the request (`param`, `query`) with `schema`; the handler reads the output with
 * `c.req.valid(target)`. A query parameter given twice arrives as a list: `queryString(name)` refuses it.
 *
 * @template {v.GenericSchema} S
 * @param {'param' | 'query'} target
 * @param {S} schema
 * @param {Refusal} [refusal]
 * @example
 * app.get('/v1/identity/:address', valid('param', v.object({ address: evmAddressSchema })), (c) => …)
 */
export function valid(target, schema, { code = null } = {}) {
  return validator(target, (value) => check(schema, value, code))
}

/**
 * Checks the body with `schema`, read as JSON whatever its content type: a page may post a text/plain body (no
 * preflight), which Hono's `json` target leaves unread. A body that is not JSON is `notJson`'s 400; the schema says
 * what JSON it takes (`JsonObject` for an object). The handler reads the output with `c.req.valid('json')`.
 *
 * @template {v.GenericSchema} S
 * @param {S} schema
 * @param {Refusal} [refusal]
 * @returns {import('hono').MiddlewareHandler<any, string, { in: { json: unknown }, out: { json: v.InferOutput<S> } }>}
 */
export function validBody(schema, { code = null, notJson = 'The body must be a JSON object' } = {}) {
  return async (c, next) => {
    let body
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      throw new ServiceError(400, code, notJson)
    }
    c.req.addValidatedData('json', /** @type {{}} */ (check(schema, body, code)))
    await next()
  }
}

/**
 * A JSON object (not an array) with these fields and any others; 'The body must be a JSON object' otherwise.
 *
 * @template {v.ObjectEntries} E
 * @param {E} entries
 * @param {string} [message] (default 'The body must be a JSON object')
 */
export const JsonObject = (entries, message = 'The body must be a JSON object') =>
  v.pipe(v.custom(isObject, message), v.looseObject(entries, message))

/** @param {unknown} value */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `value` as `schema` reads it; a ServiceError 400 with the first problem's message otherwise.
 *
 * @template {v.GenericSchema} S
 * @param {S} schema
 * @param {unknown} value
 * @param {string | null} [code] the refusal's code (Refusal). (default null)
 * @returns {v.InferOutput<S>}
 */
export function check(schema, value, code = null) {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (!result.success) throw new ServiceError(400, code, messageOf(schema, result.issues[0]))
  return result.output
}

/**
 * What the client is told of `issue`. valibot words a missing key as the object's issue; the key's own schema words
 * it better, as it would a value that is not there.
 *
 * @param {v.GenericSchema} schema
 * @param {v.BaseIssue<unknown>} issue
 */
function messageOf(schema, issue) {
  const [step, ...deeper] = issue.path ?? []
  // The object's schema: `schema`, or the one in its pipe (JsonObject's).
  const { pipe = [] } = /** @type {{ pipe?: v.GenericSchema[] }} */ (/** @type {unknown} */ (schema))
  const object = [schema, ...pipe].find((part) => 'entries' in part)
  const entries = /** @type {Record<string, v.GenericSchema> | undefined} */ (/** @type {{ entries?: unknown }} */ (object)?.entries)
  const entry = step?.origin === 'key' && deeper.length === 0 ? entries?.[/** @type {string} */ (step.key)] : undefined
  const own = entry && v.safeParse(entry, undefined, { abortEarly: true })
  return own && !own.success ? own.issues[0].message : issue.message
}

/**
 * A query parameter given at most once (absent: undefined); given twice, refused rather than guessed at. At the head
 * of a pipe it keeps the key optional: an absent parameter skips the whole pipe, so a required one is a `queryValue`.
 *
 * @param {string} name
 */
export const queryString = (name) => v.optional(v.string(`${name} is given more than once`))

/**
 * A query parameter given at most once, read by `read`, which is given '' when it is absent (so `read` says whether
 * it is required, and what it stands for when it is not there).
 *
 * @template T
 * @param {string} name
 * @param {(value: string) => T} read throws a ServiceError for a value it refuses
 * @example
 * valid('query', v.looseObject({ chainId: queryValue('chainId', (value) => value ? parseChainId(value) : required('chainId')) }))
 */
export const queryValue = (name, read) => v.optional(v.pipe(v.string(`${name} is given more than once`), v.transform(read)), '')

/**
 * A body field read by `read`, which is given null when the field is absent.
 *
 * @template T
 * @param {(value: unknown) => T} read throws a ServiceError for a value it refuses
 */
export const bodyValue = (read) => v.optional(v.pipe(v.unknown(), v.transform(read)), null)
