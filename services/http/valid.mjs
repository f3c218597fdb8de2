// Input checked before a handler runs: Hono's validator() with a valibot schema, the first problem answered as a
// ServiceError 400 worded by the schema, and the checked value read in the handler with `c.req.valid(target)`.
import { validator } from 'hono/validator'
import * as v from 'valibot'

import { ServiceError } from './serviceError.mjs'

/**
 * Checks one part of the request (`param`, `query`) with `schema`; the handler reads the output with
 * `c.req.valid(target)`. A query parameter given twice arrives as a list: `queryString(name)` refuses it.
 *
 * @template {v.GenericSchema} S
 * @param {'param' | 'query'} target
 * @param {S} schema
 * @example
 * app.get('/v1/identity/:address', valid('param', v.object({ address: evmAddressSchema })), (c) => …)
 */
export function valid(target, schema) {
  return validator(target, (value) => check(schema, value))
}

/**
 * Checks the body with `schema`, read as JSON whatever its content type: a page may post a text/plain body (no
 * preflight), which Hono's `json` target leaves unread. Anything but a JSON object is `notAnObject`'s 400. The handler
 * reads the output with `c.req.valid('json')`.
 *
 * @template {v.GenericSchema} S
 * @param {S} schema
 * @param {string} [notAnObject] (default 'The body must be a JSON object')
 * @returns {import('hono').MiddlewareHandler<any, string, { in: { json: unknown }, out: { json: v.InferOutput<S> } }>}
 */
export function validBody(schema, notAnObject = 'The body must be a JSON object') {
  return async (c, next) => {
    let body
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      // answered below
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ServiceError(400, null, notAnObject)
    c.req.addValidatedData('json', /** @type {{}} */ (check(schema, body)))
    await next()
  }
}

/**
 * `value` as `schema` reads it; a ServiceError 400 with the first problem's message otherwise.
 *
 * @template {v.GenericSchema} S
 * @param {S} schema
 * @param {unknown} value
 * @returns {v.InferOutput<S>}
 */
export function check(schema, value) {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (!result.success) throw new ServiceError(400, null, result.issues[0].message)
  return result.output
}

/**
 * A query parameter given at most once (absent: undefined); given twice, refused rather than guessed at.
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
