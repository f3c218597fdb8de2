// The sign-in calls: a nonce to put in a message, a signed message for a session, a session looked up and revoked
// (docs/sign-in.md lists them with their answers). Verification is the protocol layer's verifySignIn (foyer/protocol/evm), the same code hosts
// run as `foyer/siwx/server`. A client's mistake is a 400 with its reason, never a 500.
import { parseSignInMessage, verifySignIn, SignInRefusedError } from 'foyer/protocol/evm'
import { RequestError } from '../errors.mjs'

/** How long a nonce may wait for its signed message. */
export const NONCE_TTL_MS = 10 * 60_000
/** Session ids are 32 random bytes in base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

/** A refused sign-in: its body carries the stable `reason` besides `error`. */
export class SignInRequestError extends RequestError {
  /** @param {number} status @param {string} reason @param {string} message */
  constructor(status, reason, message) {
    super(status, message)
    this.reason = reason
  }
}

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
 * @param {import('./sessionStore.mjs').SessionStore} options.store
 * @param {(projectId: string) => Promise<readonly string[]>} options.originsOf the origins a project's sign-in messages
 *   may name (domain and URI)
 * @param {Readonly<Record<string, string>>} options.rpcUrls a node per CAIP-2 EVM chain (smart accounts verify there)
 * @param {readonly string[]} options.chains the CAIP-2 chains accounts may sign in on
 * @param {() => number} options.now
 * @returns {import('../createRoutes.mjs').Route[]}
 */
export function createSessionRoutes({ store, originsOf, rpcUrls, chains, now }) {
  return [
    {
      method: 'POST',
      path: '/v1/sessions/nonce',
      changesState: true,
      handle: ({ projectId }) => store.issueNonce(projectId, now(), NONCE_TTL_MS),
    },
    {
      method: 'POST',
      path: '/v1/sessions',
      changesState: true,
      handle: async ({ body, projectId }) => {
        const { message, signature } = body
        if (typeof message !== 'string' || typeof signature !== 'string') {
          throw new SignInRequestError(400, 'malformed', 'message and signature must be strings')
        }
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
        return store.create({
          projectId,
          chainId: fields.chainId,
          address: fields.accountAddress,
          domain: fields.domain,
          message,
          signature,
          issuedAt: fields.issuedAt,
          expiresAt: fields.expirationTime,
          now: time,
        })
      },
    },
    {
      method: 'GET',
      path: '/v1/sessions/:id',
      handle: async ({ params: [id = ''], projectId }) => {
        // Another project's session is as unknown as a made-up id: ids do not leak across projects.
        const session = SESSION_ID.test(id) ? await store.find(projectId, id, now()) : undefined
        if (!session) throw new RequestError(404, 'No such session')
        return session
      },
    },
    {
      method: 'POST',
      path: '/v1/sessions/:id/revoke',
      changesState: true,
      handle: async ({ params: [id = ''], body, projectId }) => {
        // rules §7 names `pci` and `signature` (a smart session's permission context and its signature). A sign-in
        // session's id is its bearer secret, so neither is needed; when sent they must at least be strings.
        for (const key of ['pci', 'signature']) {
          if (body[key] !== undefined && typeof body[key] !== 'string') throw new RequestError(400, `${key} must be a string`)
        }
        const session = SESSION_ID.test(id) ? await store.revoke(projectId, id, now()) : undefined
        if (!session) throw new RequestError(404, 'No such session')
        return session
      },
    },
  ]
}
