// The frame's session token: a JWT (RFC 7519) signed with HMAC-SHA256 (JWS HS256, RFC 7515 compact form), made and
// checked with node:crypto. jose's HS256 goes through WebCrypto, whose HMAC is a job on the thread pool: about 0.4 ms
// of CPU for a login's token and its first check, against 0.02 ms here (docs/budgets.md#services-under-load). Tokens
// jose made before read the same: the header is exactly `{"alg":"HS256"}` and the claims are those below.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The only header this service signs, and so the only one it accepts: no other algorithm, no `none`, no `crit`. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url')

/**
 * @typedef {object} SessionClaims
 * @property {string} sub the user's id
 * @property {string} iss
 * @property {string} aud
 * @property {number} iat seconds
 * @property {number} exp seconds: the token is expired from that second on
 */

/**
 * A signed token for `claims`.
 *
 * @param {Uint8Array} key @param {SessionClaims} claims
 * @returns {string}
 * @example signSessionToken(key, { sub: userId, iss: 'foyer-wallet', aud: 'foyer-wallet-frame', iat, exp: iat + 3600 })
 */
export function signSessionToken(key, { sub, iss, aud, iat, exp }) {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify({ sub, iss, aud, iat, exp })).toString('base64url')}`
  return `${signed}.${mac(key, signed).toString('base64url')}`
}

/**
 * The token's subject and expiry when `key` signed it, for `issuer` and `audience`, and it has not expired at
 * `nowSeconds`; otherwise undefined (a forged, altered, foreign or expired token alike).
 *
 * @param {Uint8Array} key @param {string} token
 * @param {{ issuer: string, audience: string, nowSeconds: number }} expected
 * @returns {{ userId: string, expires: number } | undefined}
 */
export function verifySessionToken(key, token, { issuer, audience, nowSeconds }) {
  const [header, payload, signature, ...rest] = token.split('.')
  if (header !== HEADER || payload === undefined || signature === undefined || rest.length > 0) return undefined
  // Compared as text: base64url has one spelling of 32 bytes, so an altered spelling of the same bytes is refused too.
  const expected = Buffer.from(mac(key, `${header}.${payload}`).toString('base64url'))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const claims = claimsOf(payload)
  if (!claims || claims.iss !== issuer || !hasAudience(claims.aud, audience)) return undefined
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || nowSeconds >= claims.exp) return undefined
  return { userId: claims.sub, expires: claims.exp }
}

/** @param {Uint8Array} key @param {string} text */
const mac = (key, text) => createHmac('sha256', key).update(text).digest()

/** The payload's claims, or undefined when it is not a JSON object. @param {string} payload @returns {any} */
function claimsOf(payload) {
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? claims : undefined
  } catch {
    return undefined
  }
}

/** RFC 7519's `aud`: one string, or a list of them. @param {unknown} aud @param {string} audience */
const hasAudience = (aud, audience) => aud === audience || (Array.isArray(aud) && aud.includes(audience))
