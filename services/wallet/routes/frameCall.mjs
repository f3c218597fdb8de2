// What the routes of the frame's backend (`/v1/frame/*`) share: the site every call names (its project, and the
// embedding page's origin, checked against the project's allowed origins), the signed-in user, and what a message's
// handler is told of the request. createWalletApp builds one WalletRoutes and hands it to each group of routes.
import * as v from 'valibot'

import { sessionUser } from '../accounts.mjs'
import { WalletError } from '../errors.mjs'

/**
 * What the wallet's routes are given.
 *
 * @typedef {object} WalletRoutes
 * @property {import('../handlers.mjs').WalletDeps} deps
 * @property {ReturnType<typeof import('../../http/index.mjs').createAllowedOrigins>} origins the projects' allowed origins
 * @property {(c: import('hono').Context, group: string) => Promise<void>} spend takes one from the client's budget for
 *   `group` (429 RATE_LIMITED past it)
 * @property {(c: import('hono').Context) => string} ownOrigin the wallet's origin as the browser sees it
 * @property {(c: import('hono').Context) => Buffer} deviceHash this browser's (its device cookie, set when missing)
 * @property {(projectId: string) => import('../accounts.mjs').WalletScope} scopeOf the wallets a project's requests use
 */

const PROJECT_ID_RULE = 'projectId must be 1 to 128 letters, digits, "-" or "_"'
export const PROJECT_ID = v.pipe(v.string(PROJECT_ID_RULE), v.regex(/^[\w-]{1,128}$/, PROJECT_ID_RULE))
const ORIGIN = v.pipe(v.string('origin must be a string'), v.maxLength(300))
/** The fields every call of the frame names: its project and the origin of the page that embeds it. */
export const SITE = { projectId: PROJECT_ID, origin: ORIGIN }

/**
 * Refuses a call whose site the project does not allow: checked here, not only by the frame's script, since the
 * backend trusts no page's word for it. After the route's `walletBody`, whose schema has the SITE fields.
 *
 * @param {WalletRoutes} wallet
 * @returns {import('hono').MiddlewareHandler}
 */
export const allowedSite =
  ({ origins }) =>
  async (c, next) => {
    const { projectId, origin } = /** @type {{ projectId: string, origin: string }} */ (c.req.valid(/** @type {never} */ ('json')))
    if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
    await next()
  }

/** rules §8 'Invalid App Configuration': the embedding origin is not one the project allows. */
export const unverifiedDomain = () =>
  new WalletError(403, 'UNVERIFIED_DOMAIN', 'This origin is not allowed for the project: Invalid App Configuration')

export const notConnected = () => new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')

/**
 * The id of the user whose session this browser holds; NOT_CONNECTED without one.
 *
 * @param {WalletRoutes} wallet @param {import('hono').Context} c
 */
export async function sessionUserId({ deps }, c) {
  const userId = await deps.sessions.userIdOf(c)
  if (!userId) throw notConnected()
  return userId
}

/**
 * The signed-in user, among the wallets the project uses; NOT_CONNECTED without one.
 *
 * @param {WalletRoutes} wallet @param {import('hono').Context} c @param {string} projectId
 */
export async function signedInUser(wallet, c, projectId) {
  const userId = await wallet.deps.sessions.userIdOf(c)
  const user = userId && (await sessionUser(wallet.deps.database, wallet.scopeOf(projectId), userId))
  if (!user) throw notConnected()
  return user
}

/**
 * What a handler knows of the request: the browser, both origins, the wallets the project uses, the payload.
 *
 * @param {WalletRoutes} wallet @param {import('hono').Context} c
 * @param {{ projectId: string, origin: string }} site @param {unknown} payload
 * @returns {import('../handlers.mjs').RequestContext}
 */
export const requestContext = (wallet, c, { projectId, origin }, payload) => ({
  c,
  deviceHash: wallet.deviceHash(c),
  walletOrigin: wallet.ownOrigin(c),
  hostOrigin: origin,
  scope: wallet.scopeOf(projectId),
  payload,
})
