// Social login: the wallet is the OpenID Connect relying party (openid-client) of each social provider. The frame
// asks for an authorization URL (state, nonce and a PKCE verifier kept here, bound to the browser and the embedding
// origin); the host opens it in a popup; the provider sends the user back to /social/callback, whose page hands
// the result URI to the embedding origin alone; the frame sends that URI back and the code is exchanged here, once.
// Telegram goes the same way by full-page redirects: its login page, the callback, then the host page with
// `result_uri`; its result is checked by its HMAC instead of a code exchange.
import { randomBytes } from 'node:crypto'
import * as v from 'valibot'

import { findOrCreateSocialUser } from './accounts.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { hashSecret } from './masterKey.mjs'
import { verifyTelegramLogin } from './telegram.mjs'

/** rules §5: the providers that sign in through OpenID Connect (farcaster and telegram have flows of their own). */
export const SOCIAL_PROVIDERS = /** @type {const} */ (['google', 'github', 'apple', 'facebook', 'x', 'discord'])
/** A sign-in must come back within 10 minutes. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** Where every provider sends the user back, on the wallet's origin. */
export const SOCIAL_CALLBACK_PATH = '/social/callback'

/** @typedef {(typeof SOCIAL_PROVIDERS)[number]} SocialProvider */
/**
 * How the wallet knows one provider: its issuer (discovery at `/.well-known/openid-configuration`) and the client
 * registered there.
 *
 * @typedef {object} SocialClient
 * @property {string} issuer
 * @property {string} clientId
 * @property {string} clientSecret
 */
/** @typedef {Partial<Record<SocialProvider, SocialClient>>} SocialClients */
/**
 * Telegram Login: the bot whose token signs the results, and the login page (Telegram's `oauth.telegram.org/auth`,
 * or the local stand-in) that sends the user back with them.
 *
 * @typedef {object} TelegramLogin
 * @property {string} botToken `<bot id>:<secret>`
 * @property {string} loginUrl
 */

/** Every login this service can start: the OpenID Connect providers, then Telegram (a full-page redirect). */
const LOGINS = /** @type {const} */ ([...SOCIAL_PROVIDERS, 'telegram'])
const PROVIDER = v.picklist(LOGINS, `provider must be one of ${LOGINS.join(', ')}`)
/** APP_GET_SOCIAL_REDIRECT_URI's payload (checked by the request route, handlers.mjs HANDLERS). */
export const REDIRECT_PAYLOAD = v.object({ provider: PROVIDER, returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))) })
/** APP_CONNECT_SOCIAL's payload. */
export const CONNECT_PAYLOAD = v.object({ uri: v.pipe(v.string('uri must be a string'), v.maxLength(4096)) }, 'uri must be a string')

/** rules §8: every refused or failed exchange reads the same to the page. */
const failedToConnect = () => new WalletError(400, 'SOCIAL_LOGIN_FAILED', 'Failed to connect')

/**
 * @param {object} options
 * @param {SocialClients} options.clients
 * @param {TelegramLogin} [options.telegram]
 * @param {import('../storage/index.mjs').Database} options.database
 * @param {Buffer} options.codesKey hashes states
 * @param {() => number} options.now
 * @param {(message: string) => void} options.log
 */
export function createSocialLogin({ clients, telegram, database, codesKey, now, log }) {
  /** Discovered configurations by provider; a failed discovery is forgotten so the next sign-in retries. */
  const configurations = new Map()
  /** @param {SocialProvider} provider */
  function configurationOf(provider) {
    const client = clients[provider]
    if (!client) throw new WalletError(400, 'SOCIAL_NOT_CONFIGURED', `Sign-in with ${provider} is not configured on this wallet`)
    let pending = configurations.get(provider)
    if (!pending) {
      pending = import('openid-client').then(async (oidc) => {
        const issuer = new URL(client.issuer)
        // Plain http only for an issuer on this machine (the local stack's provider).
        const loopback = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
        const configuration = await oidc.discovery(
          issuer,
          client.clientId,
          client.clientSecret,
          undefined,
          loopback ? { execute: [oidc.allowInsecureRequests] } : {},
        )
        return { oidc, configuration }
      })
      pending.catch((/** @type {unknown} */ error) => {
        configurations.delete(provider)
        log(`[wallet] discovery of ${provider} at ${client.issuer} failed: ${error instanceof Error ? error.message : error}`)
      })
      configurations.set(provider, pending)
    }
    return pending
  }

  /**
   * Telegram's login page for this sign-in; it sends the browser to the wallet's callback, which sends it on to
   * `returnTo` (a page of the embedding origin) with `result_uri`.
   *
   * @param {{ returnTo: string | undefined, deviceHash: Buffer, hostOrigin: string, walletOrigin: string }} request
   */
  async function telegramRedirect({ returnTo, deviceHash, hostOrigin, walletOrigin }) {
    if (!telegram) throw new WalletError(400, 'SOCIAL_NOT_CONFIGURED', 'Sign-in with telegram is not configured on this wallet')
    let back
    try {
      back = new URL(returnTo ?? '')
    } catch {
      throw invalidRequest('returnTo must be the URL of the page to come back to')
    }
    if (back.origin !== hostOrigin) throw invalidRequest('returnTo must be a page of the embedding origin')
    back.searchParams.delete('result_uri')
    const state = randomBytes(24).toString('base64url')
    await database.query(
      `INSERT INTO wallet.social_logins (state_hash, provider, device_hash, host_origin, code_verifier, nonce, expires_at, created_at, return_to)
       VALUES ($1, 'telegram', $2, $3, '', '', $4, $5, $6)`,
      [hashSecret(codesKey, `social:${state}`), deviceHash, hostOrigin, new Date(now() + SOCIAL_LOGIN_TTL_MS), new Date(now()), back.href],
    )
    const uri = new URL(telegram.loginUrl)
    uri.searchParams.set('bot_id', telegram.botToken.split(':')[0] ?? '')
    uri.searchParams.set('origin', walletOrigin)
    uri.searchParams.set('return_to', `${walletOrigin}${SOCIAL_CALLBACK_PATH}?state=${state}`)
    return { uri: uri.href }
  }

  return {
    /** The providers this wallet can sign in with. */
    providers: () => [...SOCIAL_PROVIDERS.filter((provider) => clients[provider]), ...(telegram ? ['telegram'] : [])],

    /**
     * APP_GET_SOCIAL_REDIRECT_URI: the provider's authorization URL for this browser and embedding origin.
     *
     * @param {v.InferOutput<typeof REDIRECT_PAYLOAD> & { deviceHash: Buffer, hostOrigin: string, walletOrigin: string }} request
     */
    async redirectUri({ provider, returnTo, deviceHash, hostOrigin, walletOrigin }) {
      if (provider === 'telegram') return telegramRedirect({ returnTo, deviceHash, hostOrigin, walletOrigin })
      let discovered
      try {
        discovered = await configurationOf(provider)
      } catch (error) {
        if (error instanceof WalletError) throw error
        throw new WalletError(502, 'SOCIAL_UNAVAILABLE', 'Failed to initiate social connection')
      }
      const { oidc, configuration } = discovered
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      await database.query(
        `INSERT INTO wallet.social_logins (state_hash, provider, device_hash, host_origin, code_verifier, nonce, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          hashSecret(codesKey, `social:${state}`),
          provider,
          deviceHash,
          hostOrigin,
          codeVerifier,
          nonce,
          new Date(now() + SOCIAL_LOGIN_TTL_MS),
          new Date(now()),
        ],
      )
      const uri = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${walletOrigin}${SOCIAL_CALLBACK_PATH}`,
        scope: 'openid profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      return { uri: uri.href }
    },

    /**
     * Where a callback's result goes: for a popup login, the embedding origin that started it (the page posts it
     * there); for Telegram, the host page to send the browser back to. Undefined for a state nobody issued, used
     * or expired (the callback then hands nothing to anybody). The first return is noted: the visitor's sign-in
     * at the provider is then fresh, and only a fresh one grants a sign-in signature (signIn.mjs).
     *
     * @param {string | null} state
     * @returns {Promise<{ hostOrigin: string, returnTo: string | null } | undefined>}
     */
    async callbackTarget(state) {
      if (!state || state.length > 200) return undefined
      const { rows } = await database.query(
        `UPDATE wallet.social_logins SET returned_at = COALESCE(returned_at, $2)
         WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING host_origin, return_to`,
        [hashSecret(codesKey, `social:${state}`), new Date(now())],
      )
      return rows[0] ? { hostOrigin: rows[0].host_origin, returnTo: rows[0].return_to } : undefined
    },

    /**
     * APP_CONNECT_SOCIAL: exchanges the code of the result URI, once, for the browser and origin that started the
     * sign-in; returns the project's wallet user (created at the first sign-in) and when the provider sent the
     * visitor back (0 if it never did).
     *
     * @param {v.InferOutput<typeof CONNECT_PAYLOAD> & { deviceHash: Buffer, hostOrigin: string, walletOrigin: string, scope: import('./accounts.mjs').WalletScope }} request
     * @returns {Promise<{ user: import('./accounts.mjs').WalletUser, returnedAt: number }>}
     */
    async connect({ uri, deviceHash, hostOrigin, walletOrigin, scope }) {
      /** @type {URL} */
      let resultUri
      try {
        resultUri = new URL(uri)
      } catch {
        throw invalidRequest('uri must be the URL the provider sent the user back to')
      }
      if (resultUri.origin !== walletOrigin || resultUri.pathname !== SOCIAL_CALLBACK_PATH) {
        throw invalidRequest('uri must be the URL the provider sent the user back to')
      }
      const state = resultUri.searchParams.get('state') ?? ''
      // Claimed before the exchange: a result URI counts once, however many times it is sent.
      const { rows } = await database.query(
        `UPDATE wallet.social_logins SET used_at = $4
         WHERE state_hash = $1 AND device_hash = $2 AND host_origin = $3 AND used_at IS NULL AND expires_at > $4
         RETURNING provider, code_verifier, nonce, returned_at`,
        [hashSecret(codesKey, `social:${state}`), deviceHash, hostOrigin, new Date(now())],
      )
      const login = rows[0]
      if (!login) throw failedToConnect()
      const returnedAt = login.returned_at ? new Date(login.returned_at).getTime() : 0
      if (login.provider === 'telegram') {
        const verified = telegram && verifyTelegramLogin(resultUri.searchParams, telegram.botToken, now())
        if (!verified) {
          log('[wallet] telegram sign-in refused: a wrong hash, or a stale or incomplete result')
          throw failedToConnect()
        }
        const user = await database.transaction((tx) =>
          findOrCreateSocialUser(tx, scope, { provider: 'telegram', subject: verified.id, userName: verified.userName }),
        )
        return { user, returnedAt }
      }
      const provider = /** @type {SocialProvider} */ (login.provider)
      let claims
      try {
        const { oidc, configuration } = await configurationOf(provider)
        const tokens = await oidc.authorizationCodeGrant(configuration, resultUri, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (error) {
        log(`[wallet] ${provider} sign-in refused: ${error instanceof Error ? error.message : error}`)
        throw failedToConnect()
      }
      if (!claims || typeof claims.sub !== 'string' || claims.sub === '') throw failedToConnect()
      const name = [claims['preferred_username'], claims['name']].find((value) => typeof value === 'string' && value !== '')
      const user = await database.transaction((tx) =>
        findOrCreateSocialUser(tx, scope, {
          provider,
          subject: claims.sub,
          userName: typeof name === 'string' ? name.slice(0, 100) : null,
        }),
      )
      return { user, returnedAt }
    },
  }
}

/** @typedef {ReturnType<typeof createSocialLogin>} SocialLogin */
