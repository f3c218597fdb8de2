// The wallet service's Hono app: the frame page and its scripts, the device link pages, the social callback, and the
// backend the frame page calls (and nobody else: every POST must come from the wallet's own origin). Each group of
// routes is a sub-app of its own in routes/, mounted here; they share the WalletRoutes this builds (routes/frameCall.mjs).
import { randomBytes } from 'node:crypto'

import * as v from 'valibot'

import {
  DEFAULT_RATE_LIMIT,
  allReady,
  createAllowedOrigins,
  createServiceApp,
  createTrustedProxy,
  databaseAnswers,
  nodeAnswers,
  openRateLimit,
} from '../http/index.mjs'
/** @typedef {import('../http/index.mjs').ServiceError} ServiceError */
import { UNISWAP_DEFAULT_LIST, loadTokenLists } from '../api/tokenLists.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { DEVICE_WAIT_MS } from './handlers.mjs'
import { deriveKeys, hashSecret } from './masterKey.mjs'
import { WALLET_MIGRATIONS } from './migrations.mjs'
import { walletNetworks } from './networks.mjs'
import { createSessions, deviceIdOf } from './session.mjs'
import { createFarcasterLogin } from './farcaster.mjs'
import { createSocialLogin } from './social.mjs'
import { createApprovalRoutes } from './routes/approvalRoutes.mjs'
import { createDeviceLinkRoutes } from './routes/deviceLinkRoutes.mjs'
import { PROJECT_ID } from './routes/frameCall.mjs'
import { createFramePageRoutes } from './routes/framePageRoutes.mjs'
import { createKeyRoutes } from './routes/keyRoutes.mjs'
import { createPasskeyRoutes } from './routes/passkeyRoutes.mjs'
import { createRequestRoutes } from './routes/requestRoutes.mjs'
import { createSocialCallbackRoutes } from './routes/socialCallbackRoutes.mjs'

/**
 * @typedef {object} WalletAppOptions
 * @property {import('../storage/index.mjs').Database} database migrated here (schema `wallet`)
 * @property {import('./createMailer.mjs').Mailer} mailer
 * @property {Buffer} masterKey 32 bytes (masterKey.mjs loadMasterKey)
 * @property {string} directoryUrl asked for projects' allowed origins
 * @property {readonly import('./networks.mjs').EvmNetworkOptions[]} [evm] the EVM networks and the RPC each is
 *   served by; with a `bundlerUrl` (ERC-4337, EntryPoint v0.8), users get a smart account there. With neither `evm` nor
 *   `solana`, the wallet serves DEFAULT_WALLET_NETWORKS (networks.mjs) on public RPCs.
 * @property {readonly import('./networks.mjs').SolanaNetworkOptions[]} [solana] the Solana networks (`solana:<genesis prefix>`)
 * @property {import('./social.mjs').SocialClients} [social] the OpenID Connect providers users may sign in with
 * @property {import('./social.mjs').TelegramLogin} [telegram] Telegram Login's bot and login page
 * @property {import('./farcaster.mjs').FarcasterLogin} [farcaster] Sign In With Farcaster's relay and fid lookup
 * @property {string} [publicOrigin] the wallet's origin as browsers see it (`https://wallet.example.com`), when a
 *   proxy stands in front (default: the request's own origin, with the scheme and host a trusted proxy forwards)
 * @property {import('../http/index.mjs').TrustedProxy} [trustedProxy] the reverse proxies whose `X-Forwarded-*`
 *   headers say who the client is and which origin it called (createTrustedProxy). (default none)
 * @property {(entry: import('../http/index.mjs').RequestLogEntry) => void} [requestLog] told about every request
 * @property {readonly (readonly string[])[]} [sharedWallets] lists of the operator's own projects whose visitors
 *   keep one wallet across the list (default none: every project has its own wallets, so sites cannot link a
 *   visitor; docs/wallets.md)
 * @property {import('./sponsorship.mjs').SponsorshipOptions} [sponsorship] sponsored gas (docs/sponsored-gas.md): the
 *   paymaster, its signer's key, and projects' policies to write to the database at start
 * @property {ReadonlyArray<string | import('../api/tokenLists.mjs').TokenList>} [tokenLists] the token lists (as the API's:
 *   `uniswap-default`, a file path, an http(s) URL, or a list) whose tokens the approval panel shows with their brand
 *   marks; any other token keeps its letters (default `[UNISWAP_DEFAULT_LIST]`)
 * @property {() => number} [now] for tests
 * @property {number} [deviceWaitMs] how long APP_CONNECT_DEVICE waits for the link (default DEVICE_WAIT_MS)
 * @property {number} [sessionTtlSeconds]
 * @property {{ limit: number, windowMs: number } | false} [rateLimit] each client's budget for the code, login and
 *   registration messages (CODE_AND_LOGIN_TYPES, routes/requestRoutes.mjs) and the device link, per message type; past it 429 RATE_LIMITED.
 *   (default DEFAULT_RATE_LIMIT: 60 a minute) `false` turns it off.
 * @property {(message: string) => void} [log]
 * @property {import('hono').MiddlewareHandler} [backendFaults] runs before the backend's routes (`/v1/*`, the
 *   frame's calls), after the origin check: the test switch that makes them slow or fail (startWallet's
 *   `delayNext`, `failNext`); the frame's pages are never held
 */

/**
 * Builds the app after migrating the `wallet` schema.
 *
 * @param {WalletAppOptions} options
 */
export async function createWalletApp({
  database,
  mailer,
  masterKey,
  directoryUrl,
  evm,
  solana,
  social = {},
  telegram,
  farcaster,
  publicOrigin,
  sharedWallets = [],
  now = Date.now,
  deviceWaitMs = DEVICE_WAIT_MS,
  sessionTtlSeconds,
  rateLimit = DEFAULT_RATE_LIMIT,
  log = (message) => console.error(message),
  backendFaults,
  trustedProxy = createTrustedProxy(),
  requestLog,
  sponsorship,
  tokenLists = [UNISWAP_DEFAULT_LIST],
}) {
  const ownOriginSetting = publicOrigin === undefined ? undefined : checkPublicOrigin(publicOrigin)
  // Shared through a PostgreSQL server by every instance on it; in memory on the embedded database.
  const budget = await openRateLimit(rateLimit, { database, scope: 'wallet', now })
  await database.migrate({ schema: 'wallet', migrations: WALLET_MIGRATIONS })
  if (sponsorship?.policies) {
    const { setSponsorshipPolicy } = await import('./sponsorship.mjs')
    for (const [projectId, policy] of Object.entries(sponsorship.policies)) await setSponsorshipPolicy(database, projectId, policy)
  }
  const keys = deriveKeys(masterKey)
  /** @type {import('./handlers.mjs').WalletDeps} */
  const deps = {
    database,
    mailer,
    sealingKey: keys.sealing,
    codesKey: keys.codes,
    networks: walletNetworks({ evm, solana }),
    sessions: createSessions({ key: keys.session, now, ttlSeconds: sessionTtlSeconds }),
    now,
    deviceWaitMs,
    farcaster: farcaster && createFarcasterLogin(farcaster, { now, log }),
    social: createSocialLogin({ clients: social, telegram, database, codesKey: keys.codes, now, log }),
    ...(sponsorship && { sponsorship: checkSponsorship(sponsorship) }),
    listedTokens: await loadTokenLists(tokenLists),
  }
  /** @param {import('hono').Context} c */
  const ownOrigin = (c) => ownOriginSetting ?? trustedProxy.origin(c)
  /** @type {import('./routes/frameCall.mjs').WalletRoutes} */
  const wallet = {
    deps,
    origins: createAllowedOrigins({ directoryUrl, client: 'foyer-wallet', now }),
    async spend(c, group) {
      try {
        await budget?.take(`${trustedProxy.clientAddress(c)} ${group}`)
      } catch (error) {
        const retryAfter = Number(/** @type {ServiceError} */ (error).headers['retry-after'])
        // The frame shows rules §5's wording with the seconds, as for the email cooldown.
        throw new WalletError(429, 'RATE_LIMITED', `Please try again after ${retryAfter} seconds`, { retryAfter })
      }
    },
    ownOrigin,
    deviceHash: (c) => hashSecret(keys.codes, `device:${deviceIdOf(c, () => randomBytes(32).toString('base64url'))}`),
    scopeOf: walletScopes(sharedWallets),
  }

  // The wallet's answers carry sessions and secrets: no other origin may read any of them, so none carries a CORS
  // header, not even a preflight, a 405 or an error. (Its POSTs also refuse other origins outright, below.)
  const app = createServiceApp({
    name: 'wallet',
    log,
    methods: ['GET', 'POST'],
    sameOriginOnly: true,
    trustedProxy,
    requestLog,
    // JSON text inside a request that does not parse (eth_signTypedData_v4's typed data, read as it is used).
    mapError: (error) => (error instanceof SyntaxError ? invalidRequest('The body must be JSON') : undefined),
    // Ready once migrated (before the app exists) and while the database and the networks' nodes answer.
    ready: allReady([
      databaseAnswers(database),
      // The nodes it was given; the default public RPCs (two dozen of them) are not probed at every check.
      ...(evm ?? []).map((network) => nodeAnswers(network.rpcUrl)),
      ...(solana ?? []).map((network) => nodeAnswers(network.rpcUrl, 'getHealth')),
    ]),
  })
  app.use('/v1/*', async (c, next) => {
    // Only the frame page (same origin) calls the backend: the host page shares the frame's partitioned cookie
    // jar, so without this check it could post requests, or an approval, with the user's session.
    if (
      c.req.method === 'POST' &&
      (c.req.header('origin') !== ownOrigin(c) || !c.req.header('content-type')?.startsWith('application/json'))
    ) {
      throw new WalletError(403, 'FORBIDDEN', 'Only the wallet frame may call this')
    }
    await next()
  })
  if (backendFaults) app.use('/v1/*', backendFaults)

  app.route('/', await createFramePageRoutes(wallet))
  app.route('/', createDeviceLinkRoutes(wallet))
  app.route('/', createSocialCallbackRoutes(wallet))
  app.route('/', createRequestRoutes(wallet))
  app.route('/', createPasskeyRoutes(wallet))
  app.route('/', createApprovalRoutes(wallet))
  app.route('/', createKeyRoutes(wallet))
  return app
}

/**
 * Which wallets each project's requests use: its own, or those of every project of its shared list.
 *
 * @param {readonly (readonly string[])[]} sharedWallets
 * @returns {(projectId: string) => import('./accounts.mjs').WalletScope}
 */
export function walletScopes(sharedWallets) {
  /** @type {Map<string, readonly string[]>} */
  const lists = new Map()
  for (const list of sharedWallets) {
    for (const projectId of list) {
      if (!v.is(PROJECT_ID, projectId)) throw new Error(`sharedWallets: ${JSON.stringify(projectId)} is not a project id`)
      // One wallet per visitor and project: a project in two lists would have two.
      if (lists.has(projectId)) throw new Error(`sharedWallets: the project ${projectId} is in more than one list`)
      lists.set(projectId, list)
    }
  }
  return (projectId) => ({ projectId, projects: lists.get(projectId) ?? [projectId] })
}

/**
 * The configured public origin, as an origin (`https://wallet.example.com`, no path); a clear error otherwise.
 *
 * @param {string} origin
 */
function checkPublicOrigin(origin) {
  /** @type {URL | undefined} */
  let url
  try {
    url = new URL(origin)
  } catch {
    // answered below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
    throw new TypeError(`publicOrigin must be an origin such as https://wallet.example.com, got ${JSON.stringify(origin)}`)
  }
  return url.origin
}

/**
 * The paymaster settings, checked at start rather than at a visitor's first sponsored request.
 *
 * @param {import('./sponsorship.mjs').SponsorshipOptions} options
 */
function checkSponsorship({ paymaster, signerKey }) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(paymaster)) throw new TypeError('sponsorship.paymaster must be an address starting with 0x')
  if (!/^0x[0-9a-fA-F]{64}$/.test(signerKey)) throw new TypeError('sponsorship.signerKey must be 32 bytes of hex starting with 0x')
  return { paymaster, signerKey }
}
