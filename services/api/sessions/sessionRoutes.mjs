// The sign-in calls (§7 sessions): a nonce to put in a message, a signed message for a session, a session looked
// up and revoked. Verification is plugins/siwx/verifySignIn.mjs, the same code hosts run as `foyer/siwx/server`.
import { verifySignIn, SignInRefusedError } from '../../../plugins/siwx/verifySignIn.mjs';
import { RequestError } from '../errors.mjs';

/** How long a nonce may wait for its signed message. */
export const NONCE_TTL_MS = 10 * 60_000;
/** Session ids are 32 random bytes in base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A refused sign-in: its body carries the stable `reason` besides `error`. */
export class SignInRequestError extends RequestError {
  /** @param {number} status @param {string} reason @param {string} message */
  constructor(status, reason, message) {
    super(status, message);
    this.reason = reason;
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
      handle: ({ body }) => store.issueNonce(body.projectId, now(), NONCE_TTL_MS),
    },
    {
      method: 'POST',
      path: '/v1/sessions',
      changesState: true,
      handle: async ({ body }) => {
        const { projectId, message, signature } = body;
        if (typeof message !== 'string' || typeof signature !== 'string') {
          throw new SignInRequestError(400, 'malformed', 'message and signature must be strings');
        }
        const time = now();
        let fields;
        try {
          fields = await verifySignIn({
            message,
            signature,
            allowedOrigins: await originsOf(projectId),
            now: new Date(time),
            rpcUrls,
            chains,
            consumeNonce: (nonce) => store.consumeNonce(projectId, nonce, time),
          });
        } catch (error) {
          if (error instanceof SignInRefusedError) {
            throw new SignInRequestError(error.reason === 'malformed' ? 400 : 403, error.reason, error.message);
          }
          throw error;
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
        });
      },
    },
    {
      method: 'GET',
      path: '/v1/sessions/:id',
      handle: async ({ params: [id = ''], query }) => {
        const session = SESSION_ID.test(id) ? await store.find(/** @type {string} */ (query.get('projectId')), id, now()) : undefined;
        if (!session) throw new RequestError(404, 'No such session');
        return session;
      },
    },
    {
      method: 'POST',
      path: '/v1/sessions/:id/revoke',
      changesState: true,
      handle: async ({ params: [id = ''], body }) => {
        // §7 names `pci` and `signature` (a smart session's permission context and its signature). A sign-in
        // session's id is its bearer secret, so neither is needed; when sent they must at least be strings.
        for (const key of ['pci', 'signature']) {
          if (body[key] !== undefined && typeof body[key] !== 'string') throw new RequestError(400, `${key} must be a string`);
        }
        const session = SESSION_ID.test(id) ? await store.revoke(body.projectId, id, now()) : undefined;
        if (!session) throw new RequestError(404, 'No such session');
        return session;
      },
    },
  ];
}
