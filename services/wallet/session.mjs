// The frame's session: a jose HS256 JWT in an HttpOnly, Secure, SameSite=None, Partitioned cookie (CHIPS) on the
// wallet's origin. A cross-site iframe gets no localStorage or IndexedDB in current Chromium; a partitioned cookie
// it does get, kept per embedding site, so a visitor's session on one site is invisible to every other site.
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

import { WalletError } from './errors.mjs'

export const SESSION_COOKIE = 'foyer_session'
/** Identifies the browser (per embedding site) for device confirmation; random, stored only as an HMAC. */
export const DEVICE_COOKIE = 'foyer_device'
/** A session lasts a week; signing in again renews it. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
const AUDIENCE = 'foyer-wallet-frame'
const ISSUER = 'foyer-wallet'

/** jose loads with the first session rather than at start. */
const loadJose = () => import('jose')
/**
 * Sessions whose tokens were verified, remembered at most: every call of the frame carries its session, and jose's
 * HMAC through WebCrypto was a tenth of the wallet's time on an approval (docs/budgets.md).
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
      const { SignJWT } = await loadJose()
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key)
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
      const known = verified.get(token)
      // jose's own test of `exp`: expired from that second on.
      if (known && Math.floor(now() / 1000) < known.expires) return known.userId
      const { jwtVerify } = await loadJose()
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
        })
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('no subject or expiry')
        if (verified.size >= VERIFIED_SESSIONS) verified.delete(/** @type {string} */ (verified.keys().next().value))
        verified.set(token, { userId: payload.sub, expires: payload.exp })
        return payload.sub
      } catch {
        this.end(c)
        throw new WalletError(401, 'SESSION_EXPIRED', 'Session Expired')
      }
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
