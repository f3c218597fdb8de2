// The frame's session: an HS256 JWT (sessionToken.mjs) in an HttpOnly, Secure, SameSite=None, Partitioned cookie (CHIPS) on the
// wallet's origin. A cross-site iframe gets no localStorage or IndexedDB in current Chromium; a partitioned cookie
// it does get, kept per embedding site, so a visitor's session on one site is invisible to every other site.
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

import { WalletError } from './errors.mjs'
import { signSessionToken, verifySessionToken } from './sessionToken.mjs'

export const SESSION_COOKIE = 'foyer_session'
/** Identifies the browser (per embedding site) for device confirmation; random, stored only as an HMAC. */
export const DEVICE_COOKIE = 'foyer_device'
/** A session lasts a week; signing in again renews it. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
const AUDIENCE = 'foyer-wallet-frame'
const ISSUER = 'foyer-wallet'

/**
 * Sessions whose tokens were verified, remembered at most: every call of the frame carries its session, and checking
 * a token (an HMAC and a JSON parse) costs more than a look-up (docs/budgets.md).
 */
export const VERIFIED_SESSIONS = 10_000

/** @type {import('hono/utils/cookie').CookieOptions} */
const COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'None', partitioned: true }

/**
 * @param {object} options
 * @param {Uint8Array} options.key the HS256 key (derived from the master key)
 * @param {() => number} options.now milliseconds
 * @param {number} [options.ttlSeconds]
 */
export function createSessions({ key, now, ttlSeconds = SESSION_TTL_SECONDS }) {
  /**
   * Tokens verified, each with its subject and expiry (s), oldest first. A token is signed and cannot change, and a
   * session ends only by expiring or by its cookie being dropped: the expiry is still checked at every use.
   *
   * @type {Map<string, { userId: string, expires: number }>}
   */
  const verified = new Map()
  return {
    /** @param {import('hono').Context} c @param {string} userId */
    async start(c, userId) {
      const issuedAt = Math.floor(now() / 1000)
      const token = signSessionToken(key, { sub: userId, iss: ISSUER, aud: AUDIENCE, iat: issuedAt, exp: issuedAt + ttlSeconds })
      setCookie(c, SESSION_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: ttlSeconds })
    },
    /**
     * The signed-in user's id; undefined without a session cookie. An invalid or expired token is
     * SESSION_EXPIRED (the 'Session Expired' alert), and the cookie is dropped.
     *
     * @param {import('hono').Context} c
     */
    async userIdOf(c) {
      const token = getCookie(c, SESSION_COOKIE)
      if (!token) return undefined
      const nowSeconds = Math.floor(now() / 1000)
      const known = verified.get(token)
      // Expired from that second on, as verifySessionToken reads `exp`.
      if (known && nowSeconds < known.expires) return known.userId
      const session = verifySessionToken(key, token, { issuer: ISSUER, audience: AUDIENCE, nowSeconds })
      if (!session) {
        this.end(c)
        throw new WalletError(401, 'SESSION_EXPIRED', 'Session Expired')
      }
      if (verified.size >= VERIFIED_SESSIONS) verified.delete(/** @type {string} */ (verified.keys().next().value))
      verified.set(token, session)
      return session.userId
    },
    /** @param {import('hono').Context} c */
    end(c) {
      deleteCookie(c, SESSION_COOKIE, COOKIE_OPTIONS)
    },
  }
}

const DEVICE_ID = /^[\w-]{32,64}$/

/** Whether the request carries a device cookie this service made (the browser keeps its cookies). @param {import('hono').Context} c */
export function hasDeviceCookie(c) {
  return DEVICE_ID.test(getCookie(c, DEVICE_COOKIE) ?? '')
}

/**
 * The device cookie's value, made (and set, for a year) when the browser has none.
 *
 * @param {import('hono').Context} c
 * @param {() => string} makeId
 */
export function deviceIdOf(c, makeId) {
  const existing = getCookie(c, DEVICE_COOKIE)
  if (existing && DEVICE_ID.test(existing)) return existing
  const id = makeId()
  setCookie(c, DEVICE_COOKIE, id, { ...COOKIE_OPTIONS, maxAge: 365 * 24 * 3600 })
  return id
}
