// The sign-in calls: a nonce to put in a message, a signed message for a session, a session looked up and revoked
// (docs/sign-in.md lists them with their answers). Verification is the protocol layer's verifySignIn
// (foyer/protocol/evm), the same code hosts run. A client's mistake is a 400 with its reason, never a 500.
import { parseSignInMessage, verifySignIn, SignInRefusedError } from 'foyer/protocol/evm'
import { Hono } from 'hono'
import * as v from 'valibot'

import { JsonObject, ServiceError, bodyValue, sendJson, valid, validBody } from '../../http/index.mjs'

/** How long a nonce may wait for its signed message. */
export const NONCE_TTL_MS = 10 * 60_000
/** Session ids are 32 random bytes in base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

/** The sign-in calls that change state: browsers may make them only from the project's allowed origins. */
export const SESSION_ACTIONS = [
  { method: 'POST', path: '/v1/sessions/nonce' },
  { method: 'POST', path: '/v1/sessions' },
  { method: 'POST', path: '/v1/sessions/:id/revoke' },
]

/** A refused sign-in: its body carries the stable `reason` besides `error`. */
export class SignInRequestError extends ServiceError {
  /** @param {number} status @param {string} reason @param {string} message */
  constructor(status, reason, message) {
    super(status, null, message, { reason })
    this.name = 'SignInRequestError'
  }
}

/** A refusal of a sign-in carries its `reason`, so the check throws rather than words an issue. @param {unknown} value */
const text = (value) => {
  if (typeof value !== 'string') throw new SignInRequestError(400, 'malformed', 'message and signature must be strings')
  return value
}
const SignedMessage = JsonObject({ message: bodyValue(text), signature: bodyValue(text) })
const SessionParam = v.object({ id: v.string() })
// rules §7 names `pci` and `signature` (a smart session's permission context and its signature). A sign-in session's
// id is its bearer secret, so neither is needed; when sent they must at least be strings.
const RevokeBody = JsonObject({
  pci: v.optional(v.string('pci must be a string')),
  signature: v.optional(v.string('signature must be a string')),
})

/**
 * Refuses, as malformed, a message whose times RFC 3339 allows but the store cannot keep (years 0 and 10000 in UTC).
 *
 * @param {import('foyer/protocol/evm').SignInMessageFields} fields
 */
function checkStorable(fields) {
  for (const [name, time] of Object.entries({
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  })) {
    const year = time === undefined ? 1 : new Date(time).getUTCFullYear()
    if (year < 1 || year > 9999) throw new SignInRefusedError('malformed', `${name} must fall in the years 1 to 9999 (UTC) to be stored`)
  }
}

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler<import('../apiCall.mjs').ApiEnv>} options.call the API's checks of every call (apiCall.mjs)
 * @param {import('./sessionStore.mjs').SessionStore} options.store
 * @param {(projectId: string) => Promise<readonly string[]>} options.originsOf the origins a project's sign-in messages
 *   may name (domain and URI)
 * @param {Readonly<Record<string, string>>} options.rpcUrls a node per CAIP-2 EVM chain (smart accounts verify there)
 * @param {readonly string[]} options.chains the CAIP-2 chains accounts may sign in on
 * @param {() => number} options.now
 * @returns {Hono<import('../apiCall.mjs').ApiEnv>}
 */
export function createSessionRoutes({ call, store, originsOf, rpcUrls, chains, now }) {
  /** @type {Hono<import('../apiCall.mjs').ApiEnv>} */
  const app = new Hono()
  app.post('/v1/sessions/nonce', call, async (c) => sendJson(c, 200, await store.issueNonce(c.get('projectId'), now(), NONCE_TTL_MS)))
  app.post('/v1/sessions', call, validBody(SignedMessage), async (c) => {
    const { message, signature } = c.req.valid('json')
    const projectId = c.get('projectId')
    const time = now()
    let fields
    try {
      checkStorable(parseSignInMessage(message))
      fields = await verifySignIn({
        message,
        signature,
        allowedOrigins: await originsOf(projectId),
        now: new Date(time),
        rpcUrls,
        chains,
        consumeNonce: (nonce) => store.consumeNonce(projectId, nonce, time),
      })
    } catch (error) {
      if (error instanceof SignInRefusedError) {
        throw new SignInRequestError(error.reason === 'malformed' ? 400 : 403, error.reason, error.message)
      }
      throw error
    }
    return sendJson(
      c,
      200,
      await store.create({
        projectId,
        chainId: fields.chainId,
        address: fields.accountAddress,
        domain: fields.domain,
        message,
        signature,
        issuedAt: fields.issuedAt,
        expiresAt: fields.expirationTime,
        now: time,
      }),
    )
  })
  app.get('/v1/sessions/:id', call, valid('param', SessionParam), async (c) => {
    const { id } = c.req.valid('param')
    // Another project's session is as unknown as a made-up id: ids do not leak across projects.
    const session = SESSION_ID.test(id) ? await store.find(c.get('projectId'), id, now()) : undefined
    if (!session) throw new ServiceError(404, null, 'No such session')
    return sendJson(c, 200, session)
  })
  app.post('/v1/sessions/:id/revoke', call, valid('param', SessionParam), validBody(RevokeBody), async (c) => {
    const { id } = c.req.valid('param')
    const session = SESSION_ID.test(id) ? await store.revoke(c.get('projectId'), id, now()) : undefined
    if (!session) throw new ServiceError(404, null, 'No such session')
    return sendJson(c, 200, session)
  })
  return app
}
