// Passkeys (WebAuthn) for the embedded wallet: a login of their own ('Continue with passkey') and a second way in
// for an email or social user who added one. The ceremonies run in the frame, on the wallet's own origin: the
// relying party is the wallet's host, and an answer made for any other origin or RP ID is refused. Challenges are
// random, kept as an HMAC with the browser and the embedding origin that asked, for 5 minutes, and used once
// (docs/wallets.md#passkeys). The frame calls these routes itself, after the visitor's click in it: they are not
// APP_ messages, so the host page cannot drive them.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import * as v from 'valibot'

import { sessionUser } from './accounts.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { hashSecret } from './masterKey.mjs'
import { grantSignIn } from './signIn.mjs'

/** A ceremony must be finished within 5 minutes of its options. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** How long the browser's own passkey dialog waits for the visitor. */
const CEREMONY_TIMEOUT_MS = 120_000
/** A user may keep this many passkeys; enough for every device they own, not a table to fill. */
export const MAX_PASSKEYS = 20
const RP_NAME = 'Foyer Wallet'

const BASE64URL = v.pipe(v.string('must be a string'), v.maxLength(16_384), v.regex(/^[\w-]*$/, 'must be base64url'))
/** A ceremony's answer, as the frame writes it from the browser's credential (the WebAuthn JSON form). */
const CREDENTIAL = v.object(
  {
    id: v.pipe(BASE64URL, v.nonEmpty('id must not be empty'), v.maxLength(1_024)),
    rawId: BASE64URL,
    type: v.literal('public-key', "type must be 'public-key'"),
    authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
    response: v.object(
      {
        clientDataJSON: BASE64URL,
        attestationObject: v.optional(BASE64URL),
        authenticatorData: v.optional(BASE64URL),
        signature: v.optional(BASE64URL),
        userHandle: v.optional(BASE64URL),
        transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(10))),
        publicKeyAlgorithm: v.optional(v.number()),
        publicKey: v.optional(BASE64URL),
      },
      'response must be an object',
    ),
    clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  },
  'credential must be an object',
)
const FINISH_PAYLOAD = v.object({ credential: CREDENTIAL }, 'credential must be an object')
/** APP_REVOKE_PASSKEY's payload (checked by the request route, handlers.mjs HANDLERS). */
export const REVOKE_PAYLOAD = v.object({
  id: v.pipe(v.string('id must be a string'), v.nonEmpty('id must not be empty'), v.maxLength(1_024)),
})

/**
 * @typedef {'login' | 'register'} Ceremony
 * @typedef {import('./handlers.mjs').WalletDeps} WalletDeps
 * @typedef {import('./handlers.mjs').RequestContext} RequestContext
 */

/**
 * @template {v.GenericSchema} S
 * @param {S} schema @param {unknown} payload
 * @returns {v.InferOutput<S>}
 */
function parse(schema, payload) {
  const result = v.safeParse(schema, payload ?? {})
  if (!result.success) {
    const issue = result.issues[0]
    const where = issue.path?.map((item) => item.key).join('.')
    throw invalidRequest(where ? `${where}: ${issue.message}` : issue.message)
  }
  return result.output
}

/** The relying party is the wallet's host (never the embedding page's): a passkey belongs to the wallet. @param {string} walletOrigin */
const rpIdOf = (walletOrigin) => new URL(walletOrigin).hostname

/** @param {WalletDeps} deps @param {RequestContext} ctx */
async function signedInUser(deps, ctx) {
  const userId = await deps.sessions.userIdOf(ctx.c)
  const user = userId && (await sessionUser(deps.database, ctx.scope, userId))
  if (!user) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
  return user
}

/**
 * Stores a fresh challenge for this browser, embedding origin and ceremony (and user, for a registration).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {Ceremony} ceremony @param {string | null} userId
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
async function issueChallenge(deps, ctx, ceremony, userId) {
  // Bytes: the options carry them as base64url, as the browser's clientDataJSON gives them back.
  const challenge = crypto.getRandomValues(new Uint8Array(32))
  await deps.database.query(
    `INSERT INTO wallet.passkey_challenges (challenge_hash, ceremony, user_id, device_hash, host_origin, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hashSecret(deps.codesKey, `passkey:${Buffer.from(challenge).toString('base64url')}`),
      ceremony,
      userId,
      ctx.deviceHash,
      ctx.hostOrigin,
      new Date(deps.now() + PASSKEY_CHALLENGE_TTL_MS),
      new Date(deps.now()),
    ],
  )
  return challenge
}

/**
 * Uses up a challenge: only once, only before it expires, only from the browser and embedding origin it was given
 * to, only for its ceremony. Undefined when it does not qualify.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {Ceremony} ceremony @param {string} challenge
 * @returns {Promise<{ userId: string | null } | undefined>}
 */
async function claimChallenge(deps, ctx, ceremony, challenge) {
  const { rows } = await deps.database.query(
    `UPDATE wallet.passkey_challenges SET used_at = $5
     WHERE challenge_hash = $1 AND ceremony = $2 AND device_hash = $3 AND host_origin = $4 AND used_at IS NULL AND expires_at > $5
     RETURNING user_id`,
    [hashSecret(deps.codesKey, `passkey:${challenge}`), ceremony, ctx.deviceHash, ctx.hostOrigin, new Date(deps.now())],
  )
  return rows[0] ? { userId: rows[0].user_id } : undefined
}

const challengeRefused = () =>
  new WalletError(400, 'PASSKEY_CHALLENGE_INVALID', 'This passkey request has expired or was already used: try again')

/**
 * Runs a verification of @simplewebauthn/server; what it refuses becomes a 400 that says why.
 *
 * @template T @param {() => Promise<T>} verify
 */
async function verified(verify) {
  try {
    return await verify()
  } catch (error) {
    if (error instanceof WalletError) throw error
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'unreadable answer'
    throw new WalletError(400, 'PASSKEY_REFUSED', `The passkey could not be verified: ${reason}`)
  }
}

/**
 * The PRF output opens the recovery share: it must stay in the frame. An answer that carries it is refused, so a
 * frame that leaked it would be caught by its first test rather than in a database.
 *
 * @param {Record<string, unknown>} results
 */
function refuseSecrets(results) {
  const prf = /** @type {{ results?: unknown } | undefined} */ (results.prf)
  if (prf && typeof prf === 'object' && 'results' in prf)
    throw invalidRequest('credential.clientExtensionResults.prf.results must stay in the frame')
}

/**
 * The frame's cross-origin answer names the page it ran in (`topOrigin`): it must be the embedding origin.
 *
 * @param {string} clientDataJSON base64url @param {string} hostOrigin
 */
function checkTopOrigin(clientDataJSON, hostOrigin) {
  let data
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
  } catch {
    throw new WalletError(400, 'PASSKEY_REFUSED', 'The passkey could not be verified: clientDataJSON is not JSON')
  }
  if (data?.topOrigin !== undefined && data.topOrigin !== hostOrigin)
    throw new WalletError(
      400,
      'PASSKEY_REFUSED',
      `The passkey could not be verified: it was used inside ${String(data.topOrigin).slice(0, 100)}`,
    )
}

/**
 * The options of a ceremony, for the frame's `navigator.credentials`: a login takes any of the wallet's passkeys
 * (the visitor picks); a registration needs the signed-in user and excludes their passkeys.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {Ceremony} ceremony
 */
export async function passkeyOptions(deps, ctx, ceremony) {
  const rpID = rpIdOf(ctx.walletOrigin)
  if (ceremony === 'login') {
    const challenge = await issueChallenge(deps, ctx, 'login', null)
    return generateAuthenticationOptions({ rpID, challenge, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS })
  }
  const user = await signedInUser(deps, ctx)
  const existing = await listCredentials(deps, user.id)
  if (existing.length >= MAX_PASSKEYS) throw invalidRequest(`A wallet keeps at most ${MAX_PASSKEYS} passkeys: remove one in Account first`)
  const challenge = await issueChallenge(deps, ctx, 'register', user.id)
  const name = user.email ?? user.userName ?? `${user.socialProvider ?? 'wallet'} user`
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: name,
    userDisplayName: name,
    userID: new TextEncoder().encode(user.id),
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
}

/**
 * Adds the passkey the signed-in user just made in the frame. Answers it as the list does.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
export async function finishRegistration(deps, ctx) {
  const user = await signedInUser(deps, ctx)
  const { credential } = parse(FINISH_PAYLOAD, ctx.payload)
  refuseSecrets(credential.clientExtensionResults)
  if (!credential.response.attestationObject) throw invalidRequest('credential.response.attestationObject is missing')
  checkTopOrigin(credential.response.clientDataJSON, ctx.hostOrigin)
  let claimed = false
  const { registrationInfo } = await verified(async () => {
    const result = await verifyRegistrationResponse({
      response: /** @type {any} */ (credential),
      expectedChallenge: async (challenge) => {
        const claim = await claimChallenge(deps, ctx, 'register', challenge)
        // A registration started by another user's session (in this browser) does not count for this one.
        if (claim?.userId !== user.id) throw challengeRefused()
        claimed = true
        return true
      },
      expectedOrigin: ctx.walletOrigin,
      expectedRPID: rpIdOf(ctx.walletOrigin),
      requireUserVerification: true,
    })
    if (!result.verified) throw new Error('the attestation does not check out')
    return result
  })
  if (!claimed) throw challengeRefused()
  const { credential: made, credentialDeviceType, credentialBackedUp } = registrationInfo
  const prf = /** @type {{ enabled?: unknown } | undefined} */ (credential.clientExtensionResults.prf)
  const now = new Date(deps.now())
  const { rows } = await deps.database.query(
    `INSERT INTO wallet.passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, prf, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      made.id,
      user.id,
      Buffer.from(made.publicKey),
      made.counter,
      JSON.stringify(made.transports ?? credential.response.transports ?? []),
      credentialDeviceType,
      credentialBackedUp,
      prf?.enabled === true,
      now,
    ],
  )
  if (!rows[0]) throw invalidRequest('This passkey is already registered')
  return {
    passkey: describe({
      id: made.id,
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
      created_at: now,
      last_used_at: null,
    }),
  }
}

/**
 * 'Continue with passkey': checks the assertion against the passkey it names and starts the same session a code
 * login starts (and the same sign-in grant: the visitor proved who they are just now).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
export async function finishLogin(deps, ctx) {
  const { credential } = parse(FINISH_PAYLOAD, ctx.payload)
  refuseSecrets(credential.clientExtensionResults)
  const { authenticatorData, signature } = credential.response
  if (!authenticatorData || !signature) throw invalidRequest('credential.response needs authenticatorData and signature')
  checkTopOrigin(credential.response.clientDataJSON, ctx.hostOrigin)
  const { rows } = await deps.database.query('SELECT id, user_id, public_key, counter, transports FROM wallet.passkeys WHERE id = $1', [
    credential.id,
  ])
  const stored = rows[0]
  let claimed = false
  if (!stored) {
    // The challenge is spent all the same: a refused answer cannot be sent again with another id.
    await claimChallenge(deps, ctx, 'login', challengeOf(credential.response.clientDataJSON))
    throw new WalletError(400, 'PASSKEY_UNKNOWN', 'This passkey is not registered with this wallet (it may have been removed)')
  }
  const { authenticationInfo } = await verified(async () => {
    const result = await verifyAuthenticationResponse({
      response: /** @type {any} */ (credential),
      expectedChallenge: async (challenge) => {
        claimed = Boolean(await claimChallenge(deps, ctx, 'login', challenge))
        if (!claimed) throw challengeRefused()
        return true
      },
      expectedOrigin: ctx.walletOrigin,
      expectedRPID: rpIdOf(ctx.walletOrigin),
      expectedTopOrigin: ctx.hostOrigin,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: stored.transports ?? undefined,
      },
      requireUserVerification: true,
    })
    if (!result.verified) throw new Error('the signature does not check out')
    return result
  })
  if (!claimed) throw challengeRefused()
  const user = await sessionUser(deps.database, ctx.scope, stored.user_id)
  if (!user) throw new WalletError(400, 'PASSKEY_UNKNOWN', 'This passkey belongs to a wallet of another site')
  await deps.database.query('UPDATE wallet.passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [
    stored.id,
    authenticationInfo.newCounter,
    new Date(deps.now()),
  ])
  // The browser is now one the user vouched for, as after a code: an email login here needs no device link.
  if (user.email !== null)
    await deps.database.query('INSERT INTO wallet.devices (device_hash, email) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      ctx.deviceHash,
      user.email,
    ])
  await deps.sessions.start(ctx.c, user.id)
  await grantSignIn(deps, ctx, user.id)
  // The share this passkey's PRF output opens, for a browser that has none (frame/passkeyShares.js); the frame keeps
  // both to itself and tells the host only that the login worked.
  const wrap = await deps.database.query(
    `SELECT wrapped FROM wallet.recovery_wraps WHERE user_id = $1 AND kind = 'passkey' AND label = $2`,
    [user.id, stored.id],
  )
  const wrapped = wrap.rows[0]?.wrapped
  return { userId: user.id, ...(wrapped && { passkeyWrap: Buffer.from(wrapped).toString('base64') }) }
}

const WRAP_PAYLOAD = v.object({
  credentialId: v.pipe(v.string('credentialId must be a string'), v.nonEmpty('credentialId must not be empty'), v.maxLength(1_024)),
  wrapped: v.pipe(
    v.string('wrapped must be a string'),
    v.regex(/^[A-Za-z0-9+/]{40,400}={0,2}$/, 'wrapped must be a base64 wrap of a share'),
  ),
})

/**
 * Keeps the wrap of a share under one of the signed-in user's passkeys (its PRF output, which the service never
 * sees): the share a new browser opens after signing in with that passkey. A passkey has one wrap; a newer replaces it.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
export async function keepPasskeyWrap(deps, ctx) {
  const user = await signedInUser(deps, ctx)
  const { credentialId, wrapped } = parse(WRAP_PAYLOAD, ctx.payload)
  const { rows } = await deps.database.query('SELECT 1 FROM wallet.passkeys WHERE id = $1 AND user_id = $2', [credentialId, user.id])
  if (!rows[0]) throw new WalletError(404, 'PASSKEY_UNKNOWN', 'This wallet has no such passkey')
  await deps.database.query(
    `INSERT INTO wallet.recovery_wraps (user_id, kind, label, wrapped) VALUES ($1, 'passkey', $2, $3)
     ON CONFLICT (user_id, kind, label) DO UPDATE SET wrapped = $3, created_at = now()`,
    [user.id, credentialId, Buffer.from(wrapped, 'base64')],
  )
  return {}
}

/** @param {string} clientDataJSON base64url */
function challengeOf(clientDataJSON) {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    return typeof challenge === 'string' ? challenge : ''
  } catch {
    return ''
  }
}

/** @param {WalletDeps} deps @param {string} userId */
async function listCredentials(deps, userId) {
  const { rows } = await deps.database.query(
    `SELECT id, transports, device_type, backed_up, created_at, last_used_at FROM wallet.passkeys WHERE user_id = $1
     ORDER BY created_at, id`,
    [userId],
  )
  return rows
}

/** @param {Record<string, any>} row */
const describe = (row) => ({
  id: row.id,
  /** 'multiDevice': a synced passkey (a password manager or a platform account); 'singleDevice': a security key. */
  synced: row.device_type === 'multiDevice',
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
})

/**
 * APP_GET_PASSKEYS: the signed-in user's passkeys, oldest first.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
export async function getPasskeys(deps, ctx) {
  const user = await signedInUser(deps, ctx)
  return { passkeys: (await listCredentials(deps, user.id)).map(describe) }
}

/**
 * APP_REVOKE_PASSKEY `{ id }`: the passkey no longer signs in. Only the signed-in user's own.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof REVOKE_PAYLOAD>} payload
 */
export async function revokePasskey(deps, ctx, { id }) {
  const user = await signedInUser(deps, ctx)
  const { rows } = await deps.database.query('DELETE FROM wallet.passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [id, user.id])
  if (!rows[0]) throw new WalletError(404, 'PASSKEY_UNKNOWN', 'This wallet has no such passkey')
  // Its wrap goes with it: nothing the passkey opens stays behind.
  await deps.database.query(`DELETE FROM wallet.recovery_wraps WHERE user_id = $1 AND kind = 'passkey' AND label = $2`, [user.id, id])
  return { passkeys: (await listCredentials(deps, user.id)).map(describe) }
}
