// Social login: the wallet is the OpenID Connect relying party (openid-client) of each social provider. The frame
// asks for an authorization URL (state, nonce and a PKCE verifier kept here, bound to the browser and the embedding
// origin); the host opens it in a popup; the provider sends the user back to /social/callback, whose page hands
// the result URI to the embedding origin alone; the frame sends that URI back and the code is exchanged here, once.
import * as v from 'valibot';

import { findOrCreateSocialUser } from './accounts.mjs';
import { WalletError, invalidRequest } from './errors.mjs';
import { hashSecret } from './masterKey.mjs';

/** §5: the providers that sign in through OpenID Connect (farcaster and telegram have flows of their own). */
export const SOCIAL_PROVIDERS = /** @type {const} */ (['google', 'github', 'apple', 'facebook', 'x', 'discord']);
/** A sign-in must come back within 10 minutes. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000;
/** Where every provider sends the user back, on the wallet's origin. */
export const SOCIAL_CALLBACK_PATH = '/social/callback';

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

const PROVIDER = v.picklist(SOCIAL_PROVIDERS, `provider must be one of ${SOCIAL_PROVIDERS.join(', ')}`);
const REDIRECT_PAYLOAD = v.object({ provider: PROVIDER });
const CONNECT_PAYLOAD = v.object({ uri: v.pipe(v.string('uri must be a string'), v.maxLength(4096)) }, 'uri must be a string');

/** §8: every refused or failed exchange reads the same to the page. */
const failedToConnect = () => new WalletError(400, 'SOCIAL_LOGIN_FAILED', 'Failed to connect');

/**
 * @param {object} options
 * @param {SocialClients} options.clients
 * @param {import('../storage/index.mjs').Database} options.database
 * @param {Buffer} options.codesKey hashes states
 * @param {Buffer} options.sealingKey seals new users' keys
 * @param {() => number} options.now
 * @param {(message: string) => void} options.log
 */
export function createSocialLogin({ clients, database, codesKey, sealingKey, now, log }) {
  /** Discovered configurations by provider; a failed discovery is forgotten so the next sign-in retries. */
  const configurations = new Map();
  /** @param {SocialProvider} provider */
  function configurationOf(provider) {
    const client = clients[provider];
    if (!client) throw new WalletError(400, 'SOCIAL_NOT_CONFIGURED', `Sign-in with ${provider} is not configured on this wallet`);
    let pending = configurations.get(provider);
    if (!pending) {
      pending = import('openid-client').then(async (oidc) => {
        const issuer = new URL(client.issuer);
        // Plain http only for an issuer on this machine (the local stack's provider).
        const loopback = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
        const configuration = await oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, loopback ? { execute: [oidc.allowInsecureRequests] } : {});
        return { oidc, configuration };
      });
      pending.catch((/** @type {unknown} */ error) => {
        configurations.delete(provider);
        log(`[wallet] discovery of ${provider} at ${client.issuer} failed: ${error instanceof Error ? error.message : error}`);
      });
      configurations.set(provider, pending);
    }
    return pending;
  }

  return {
    /** The providers this wallet can sign in with. */
    providers: () => SOCIAL_PROVIDERS.filter((provider) => clients[provider]),

    /**
     * APP_GET_SOCIAL_REDIRECT_URI: the provider's authorization URL for this browser and embedding origin.
     *
     * @param {{ payload: unknown, deviceHash: Buffer, hostOrigin: string, walletOrigin: string }} request
     */
    async redirectUri({ payload, deviceHash, hostOrigin, walletOrigin }) {
      const parsed = v.safeParse(REDIRECT_PAYLOAD, payload ?? {});
      if (!parsed.success) throw invalidRequest(parsed.issues[0].message);
      const { provider } = parsed.output;
      let discovered;
      try {
        discovered = await configurationOf(provider);
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(502, 'SOCIAL_UNAVAILABLE', 'Failed to initiate social connection');
      }
      const { oidc, configuration } = discovered;
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await database.query(
        `INSERT INTO wallet.social_logins (state_hash, provider, device_hash, host_origin, code_verifier, nonce, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [hashSecret(codesKey, `social:${state}`), provider, deviceHash, hostOrigin, codeVerifier, nonce, new Date(now() + SOCIAL_LOGIN_TTL_MS), new Date(now())],
      );
      const uri = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${walletOrigin}${SOCIAL_CALLBACK_PATH}`,
        scope: 'openid profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { uri: uri.href };
    },

    /**
     * The embedding origin a callback's result may be posted to: the one that started this sign-in, while it
     * is still pending; undefined for a state nobody issued (the callback page then posts nothing).
     *
     * @param {string | null} state
     */
    async hostOriginOf(state) {
      if (!state || state.length > 200) return undefined;
      const { rows } = await database.query(
        'SELECT host_origin FROM wallet.social_logins WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2',
        [hashSecret(codesKey, `social:${state}`), new Date(now())],
      );
      return rows[0]?.host_origin;
    },

    /**
     * APP_CONNECT_SOCIAL: exchanges the code of the result URI, once, for the browser and origin that started the
     * sign-in; returns the wallet user (created at the first sign-in).
     *
     * @param {{ payload: unknown, deviceHash: Buffer, hostOrigin: string, walletOrigin: string }} request
     * @returns {Promise<import('./accounts.mjs').WalletUser>}
     */
    async connect({ payload, deviceHash, hostOrigin, walletOrigin }) {
      const parsed = v.safeParse(CONNECT_PAYLOAD, payload ?? {});
      if (!parsed.success) throw invalidRequest(parsed.issues[0].message);
      /** @type {URL} */
      let resultUri;
      try {
        resultUri = new URL(parsed.output.uri);
      } catch {
        throw invalidRequest('uri must be the URL the provider sent the user back to');
      }
      if (resultUri.origin !== walletOrigin || resultUri.pathname !== SOCIAL_CALLBACK_PATH) {
        throw invalidRequest('uri must be the URL the provider sent the user back to');
      }
      const state = resultUri.searchParams.get('state') ?? '';
      // Claimed before the exchange: a result URI counts once, however many times it is sent.
      const { rows } = await database.query(
        `UPDATE wallet.social_logins SET used_at = $4
         WHERE state_hash = $1 AND device_hash = $2 AND host_origin = $3 AND used_at IS NULL AND expires_at > $4
         RETURNING provider, code_verifier, nonce`,
        [hashSecret(codesKey, `social:${state}`), deviceHash, hostOrigin, new Date(now())],
      );
      const login = rows[0];
      if (!login) throw failedToConnect();
      const provider = /** @type {SocialProvider} */ (login.provider);
      let claims;
      try {
        const { oidc, configuration } = await configurationOf(provider);
        const tokens = await oidc.authorizationCodeGrant(configuration, resultUri, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        log(`[wallet] ${provider} sign-in refused: ${error instanceof Error ? error.message : error}`);
        throw failedToConnect();
      }
      if (!claims || typeof claims.sub !== 'string' || claims.sub === '') throw failedToConnect();
      const name = [claims['preferred_username'], claims['name']].find((value) => typeof value === 'string' && value !== '');
      return database.transaction((tx) =>
        findOrCreateSocialUser(tx, sealingKey, { provider, subject: claims.sub, userName: typeof name === 'string' ? name.slice(0, 100) : null }),
      );
    },
  };
}

/** @typedef {ReturnType<typeof createSocialLogin>} SocialLogin */
