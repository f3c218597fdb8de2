// sessionToken.mjs signs and checks the frame's session JWT with node:crypto where jose did: tokens read the same both
// ways (a session of the release before stays valid), and every token jose would refuse is refused.
import { createHmac, randomBytes } from 'node:crypto'

import { SignJWT, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'

import { signSessionToken, verifySessionToken } from './sessionToken.mjs'

const key = randomBytes(32)
const ISSUER = 'foyer-wallet'
const AUDIENCE = 'foyer-wallet-frame'
const iat = 1_800_000_000
const claims = { sub: 'user-1', iss: ISSUER, aud: AUDIENCE, iat, exp: iat + 3600 }
const expected = { issuer: ISSUER, audience: AUDIENCE, nowSeconds: iat + 10 }

/** A token as session.mjs made it with jose. */
const joseToken = (signingKey: Uint8Array = key, alg = 'HS256') =>
  new SignJWT({})
    .setProtectedHeader({ alg })
    .setSubject('user-1')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(signingKey)

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const parts = (token: string) => token.split('.') as [string, string, string]

describe('the session token', () => {
  it('reads jose’s tokens, and jose reads its own, byte for byte the same', async () => {
    const fromJose = await joseToken()
    expect(verifySessionToken(key, fromJose, expected)).toEqual({ userId: 'user-1', expires: iat + 3600 })
    const own = signSessionToken(key, claims)
    expect(own).toBe(fromJose)
    const { payload } = await jwtVerify(own, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date((iat + 10) * 1000),
    })
    expect(payload).toEqual(claims)
  })

  it('is expired from its exp second on', () => {
    const token = signSessionToken(key, claims)
    expect(verifySessionToken(key, token, { ...expected, nowSeconds: iat + 3599 })).toBeDefined()
    expect(verifySessionToken(key, token, { ...expected, nowSeconds: iat + 3600 })).toBeUndefined()
  })

  it('refuses another key, issuer or audience', async () => {
    expect(verifySessionToken(randomBytes(32), signSessionToken(key, claims), expected)).toBeUndefined()
    expect(verifySessionToken(key, signSessionToken(key, { ...claims, iss: 'other' }), expected)).toBeUndefined()
    expect(verifySessionToken(key, signSessionToken(key, { ...claims, aud: 'other' }), expected)).toBeUndefined()
  })

  it('refuses an altered payload, signature or header, and another algorithm or none', async () => {
    const [header, payload, signature] = parts(signSessionToken(key, claims))
    const resigned = (h: string, p: string) => {
      // Signed with the right key: only what was signed can make it wrong.
      return `${h}.${p}.${createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')}`
    }
    const forged = {
      'another user': `${header}.${b64({ ...claims, sub: 'user-2' })}.${signature}`,
      'a flipped signature': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`,
      'no signature': `${header}.${payload}.`,
      'alg none': `${b64({ alg: 'none' })}.${payload}.`,
      'HS512 signed with the key': await joseToken(key, 'HS512'),
      'a header with crit, signed with the key': resigned(b64({ alg: 'HS256', crit: ['exp'] }), payload),
      'a fourth part': `${header}.${payload}.${signature}.x`,
      'two parts': `${header}.${payload}`,
      'a payload that is not JSON, signed with the key': resigned(header, Buffer.from('not json').toString('base64url')),
      'a payload without a subject, signed with the key': resigned(header, b64({ ...claims, sub: undefined })),
      'a payload without expiry, signed with the key': resigned(header, b64({ ...claims, exp: undefined })),
      'an empty string': '',
    }
    for (const [what, token] of Object.entries(forged)) expect(verifySessionToken(key, token, expected), what).toBeUndefined()
  })
})
