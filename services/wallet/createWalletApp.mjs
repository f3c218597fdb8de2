// The wallet service's Hono app: the frame page and its script, the device link pages, and the backend the frame
// page calls (and nobody else: every POST must come from the wallet's own origin).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

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
  searchParams,
  sendJson,
} from '../http/index.mjs'
/** @typedef {import('../http/index.mjs').ServiceError} ServiceError */
import { isCspSource, originMatches } from 'foyer/protocol'
import { UNISWAP_DEFAULT_LIST, loadTokenLists } from '../api/tokenLists.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { DEVICE_WAIT_MS, HANDLERS, confirmDeviceToken } from './handlers.mjs'
import { deriveKeys, hashSecret } from './masterKey.mjs'
import { WALLET_MIGRATIONS } from './migrations.mjs'
import { walletNetworks } from './networks.mjs'
import { approvalWindowPage, deviceConfirmPage, deviceResultPage, framePage, socialCallbackPage } from './pages.mjs'
import { finishLogin, finishRegistration, keepPasskeyWrap, passkeyOptions } from './passkeys.mjs'
import { approvalPreview, decideApproval, submitSigned } from './rpc.mjs'
import { sessionUser } from './accounts.mjs'
import { completeMigration, confirmPhraseBackup, isBackedUp, keyStatus, registerKeys, sealedKeysToMigrate } from './keyShares.mjs'
import { exportCode, keysForExport } from './keyExport.mjs'
import { createSessions, deviceIdOf, hasDeviceCookie } from './session.mjs'
import { createFarcasterLogin } from './farcaster.mjs'
import { SOCIAL_CALLBACK_PATH, createSocialLogin } from './social.mjs'

/** rules §9: the secure frame's SDK version. */
export const FRAME_VERSION = '4'
/** Where the frame loads its approval preview from (frame/preview.js), with the first approval it shows. */
export const PREVIEW_SCRIPT_PATH = '/frame-preview.js'
/**
 * The frame's scripts: frame/frame.js and its modules, bundled with what it signs with (@noble/curves, shamir-secret-sharing, viem's
 * hashing; KEYS.md), and the approval preview (frame/preview.js) as a module of its own that only an approval loads;
 * by esbuild, once per process, minified. Built from this repository at start, so what the wallet serves can be
 * checked against its source.
 *
 * @type {Promise<{ frame: string, preview: string }> | undefined}
 */
let frameScripts
export function buildFrameScript() {
  frameScripts ??= import('esbuild').then(async ({ build }) => {
    /** @param {string} file @param {'iife' | 'esm'} format */
    const bundle = async (file, format) => {
      const { outputFiles } = await build({
        entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
        bundle: true,
        format,
        minify: true,
        target: 'es2022',
        platform: 'browser',
        legalComments: 'none',
        external: [PREVIEW_SCRIPT_PATH],
        write: false,
        logLevel: 'silent',
      })
      return /** @type {{ text: string }} */ (outputFiles[0]).text
    }
    const [frame, preview] = await Promise.all([bundle('./frame/frame.js', 'iife'), bundle('./frame/preview.js', 'esm')])
    return { frame, preview }
  })
  return frameScripts
}
const CALLBACK_SCRIPT = readFileSync(new URL('./frame/socialCallback.js', import.meta.url), 'utf8')
const PROJECT_ID = v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/, 'projectId must be 1 to 128 letters, digits, "-" or "_"'))
const ORIGIN = v.pipe(v.string(), v.maxLength(300))
const REQUEST_BODY = v.object({ projectId: PROJECT_ID, origin: ORIGIN, type: v.string(), payload: v.optional(v.unknown()) })
const APPROVAL_BODY = v.object({ secret: v.string(), approved: v.boolean() })
const PREVIEW_BODY = v.object({ secret: v.string() })
const PASSKEY_BODY = v.object({
  projectId: PROJECT_ID,
  origin: ORIGIN,
  ceremony: v.picklist(['login', 'register'], "ceremony must be 'login' or 'register'"),
  credential: v.optional(v.unknown()),
})
const SIGNED_BODY = v.object({
  secret: v.string(),
  signed: v.object({
    signature: v.optional(v.pipe(v.string(), v.maxLength(2000))),
    transaction: v.optional(v.pipe(v.string(), v.maxLength(40_000))),
  }),
})
const KEYS_BODY = v.looseObject({ projectId: PROJECT_ID, origin: ORIGIN })
/** What a key-export code will show, for its mail's words: the keys, or the recovery phrase alone (a later backup). */
const EXPORT_CODE_BODY = v.looseObject({ reason: v.optional(v.picklist(['keys', 'phrase'], "reason must be 'keys' or 'phrase'"), 'keys') })

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
 *   registration messages (CODE_AND_LOGIN_TYPES) and the device link, per message type; past it 429 RATE_LIMITED.
 *   (default DEFAULT_RATE_LIMIT: 60 a minute) `false` turns it off.
 * @property {(message: string) => void} [log]
 * @property {import('hono').MiddlewareHandler} [backendFaults] runs before the backend's routes (`/v1/*`, the
 *   frame's calls), after the origin check: the test switch that makes them slow or fail (startWallet's
 *   `delayNext`, `failNext`); the frame's pages are never held
 */

/** The messages a guesser would repeat: they send or check codes, or sign a user in. */
export const CODE_AND_LOGIN_TYPES = new Set([
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_UPDATE_EMAIL',
  'APP_UPDATE_EMAIL_PRIMARY_OTP',
  'APP_UPDATE_EMAIL_SECONDARY_OTP',
  'APP_GET_SOCIAL_REDIRECT_URI',
  'APP_CONNECT_SOCIAL',
  'APP_GET_FARCASTER_URI',
  'APP_CONNECT_FARCASTER',
])

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
  /** @param {import('hono').Context} c @param {string} group */
  const spend = async (c, group) => {
    try {
      await budget?.take(`${trustedProxy.clientAddress(c)} ${group}`)
    } catch (error) {
      const retryAfter = Number(/** @type {ServiceError} */ (error).headers['retry-after'])
      // The frame shows rules §5's wording with the seconds, as for the email cooldown.
      throw new WalletError(429, 'RATE_LIMITED', `Please try again after ${retryAfter} seconds`, { retryAfter })
    }
  }
  const scopeOf = walletScopes(sharedWallets)
  await database.migrate({ schema: 'wallet', migrations: WALLET_MIGRATIONS })
  if (sponsorship?.policies) {
    const { setSponsorshipPolicy } = await import('./sponsorship.mjs')
    for (const [projectId, policy] of Object.entries(sponsorship.policies)) await setSponsorshipPolicy(database, projectId, policy)
  }
  const keys = deriveKeys(masterKey)
  const origins = createAllowedOrigins({ directoryUrl, client: 'foyer-wallet', now })
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
  /**
   * What a handler knows of the request: the browser, both origins, the wallets the project uses, the payload.
   *
   * @param {import('hono').Context} c @param {string} projectId @param {string} origin @param {unknown} payload
   * @returns {import('./handlers.mjs').RequestContext}
   */
  const requestContext = (c, projectId, origin, payload) => ({
    c,
    deviceHash: deviceHash(c),
    walletOrigin: ownOrigin(c),
    hostOrigin: origin,
    scope: scopeOf(projectId),
    payload,
  })
  /** @param {import('hono').Context} c */
  const deviceHash = (c) => hashSecret(keys.codes, `device:${deviceIdOf(c, () => randomBytes(32).toString('base64url'))}`)

  // The wallet's answers carry sessions and secrets: no other origin may read any of them, so none carries a CORS
  // header, not even a preflight, a 405 or an error. (Its POSTs also refuse other origins outright, below.)
  const app = createServiceApp({
    name: 'wallet',
    log,
    methods: ['GET', 'POST'],
    sameOriginOnly: true,
    trustedProxy,
    requestLog,
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

  app.get('/frame', async (c) => {
    const query = searchParams(c)
    const projectId = v.safeParse(PROJECT_ID, query.get('projectId'))
    if (!projectId.success) throw invalidRequest(projectId.issues[0].message)
    const version = query.get('version')
    if (version !== null && version !== FRAME_VERSION) throw invalidRequest(`Frame version ${FRAME_VERSION} only`)
    const allowed = frameAncestors(await origins.originsOf(projectId.output), c.req.header('referer'))
    return c.html(framePage(), 200, {
      'content-security-policy': [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "style-src 'unsafe-inline'",
        // The site's icon (APP_SYNC_DAPP_DATA): https or an inline raster image, nothing else.
        'img-src https: data:',
        `frame-ancestors ${allowed.length > 0 ? allowed.join(' ') : "'none'"}`,
      ].join('; '),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      vary: 'referer',
    })
  })
  // The approval window (frame.js in its other role): never framed, it talks only to the frame that opened it.
  app.get('/approve', (c) =>
    c.html(approvalWindowPage(), 200, {
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    }),
  )
  const scripts = await buildFrameScript()
  const scriptHeaders = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  }
  app.get('/frame.js', (c) => c.body(scripts.frame, 200, scriptHeaders))
  app.get(PREVIEW_SCRIPT_PATH, (c) => c.body(scripts.preview, 200, scriptHeaders))

  const pageHeaders = {
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  }
  // The device link's page keeps its origin on its own form's POST (with `no-referrer` a browser sends `Origin: null`
  // and the check below refused every real click), and sends its URL, which carries the token, to no other origin.
  const deviceHeaders = { ...pageHeaders, 'referrer-policy': 'same-origin' }
  app.get('/device/confirm', (c) => c.html(deviceConfirmPage(searchParams(c).get('token') ?? ''), 200, deviceHeaders))
  app.post('/device/confirm', async (c) => {
    // The wallet's own page only: a page of another site that posts a token it saw must not confirm a device.
    if (!fromOwnPage(c, ownOrigin(c))) return c.html(deviceResultPage('refused'), 403, deviceHeaders)
    try {
      await spend(c, 'device-confirm')
    } catch (error) {
      const { retryAfter } = /** @type {WalletError} */ (error).details
      return c.html(deviceResultPage('rate-limited', Number(retryAfter)), 429, deviceHeaders)
    }
    const token = (await c.req.parseBody())['token']
    const confirmed = typeof token === 'string' && token.length < 100 && (await confirmDeviceToken(deps, token))
    return c.html(deviceResultPage(confirmed ? 'confirmed' : 'expired'), confirmed ? 200 : 400, deviceHeaders)
  })

  // Where the social providers send the user back (in the popup, or the whole page). The page hands the result URI
  // to the embedding origin that started the sign-in, and to no other: the URI carries the code.
  app.get(SOCIAL_CALLBACK_PATH, async (c) => {
    const target = await deps.social.callbackTarget(searchParams(c).get('state'))
    if (target?.returnTo) {
      // Telegram: back to the host page that started it, which finishes the login at start (rules §2 `result_uri`).
      const back = new URL(target.returnTo)
      back.searchParams.set('result_uri', `${ownOrigin(c)}${SOCIAL_CALLBACK_PATH}${new URL(c.req.url).search}`)
      c.header('cache-control', 'no-store')
      c.header('referrer-policy', 'no-referrer')
      return c.redirect(back.href, 303)
    }
    const hostOrigin = target?.hostOrigin
    return c.html(socialCallbackPage(hostOrigin), hostOrigin ? 200 : 400, {
      ...pageHeaders,
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    })
  })
  app.get(`${SOCIAL_CALLBACK_PATH}.js`, (c) =>
    c.body(CALLBACK_SCRIPT, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    }),
  )

  app.post('/v1/frame/origin', (c) =>
    answer(c, async () => {
      const { projectId, origin } = parseBody(v.object({ projectId: PROJECT_ID, origin: ORIGIN }), await c.req.json())
      if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
      return { allowed: true }
    }),
  )
  // Whether this browser keeps the wallet's cookies (frame/storageCheck.js): the device cookie, set when a request has
  // none, is there on the next one or is not.
  app.post('/v1/frame/storage', (c) => {
    const cookie = hasDeviceCookie(c)
    deviceHash(c)
    return sendJson(c, 200, { cookie })
  })
  app.post('/v1/frame/request', (c) =>
    answer(c, async () => {
      const { projectId, origin, type, payload } = parseBody(REQUEST_BODY, await c.req.json())
      // Checked again here, not only by the frame's script: the backend trusts no page's word for it.
      if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
      const handler = Object.hasOwn(HANDLERS, type) ? HANDLERS[/** @type {keyof typeof HANDLERS} */ (type)] : undefined
      if (!handler) throw invalidRequest(`Unknown message type ${type.slice(0, 64)}`)
      if (CODE_AND_LOGIN_TYPES.has(type)) await spend(c, type)
      return handler(deps, requestContext(c, projectId, origin, payload))
    }),
  )
  // The passkey ceremonies (passkeys.mjs): the frame's own calls, after the visitor's click in it; no APP_ message
  // reaches them, so the host page can neither start one nor finish one.
  app.post('/v1/frame/passkey/options', (c) =>
    answer(c, async () => {
      const { projectId, origin, ceremony } = parseBody(PASSKEY_BODY, await c.req.json())
      if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
      await spend(c, 'passkey')
      return passkeyOptions(deps, requestContext(c, projectId, origin, {}), ceremony)
    }),
  )
  app.post('/v1/frame/passkey/finish', (c) =>
    answer(c, async () => {
      const { projectId, origin, ceremony, credential } = parseBody(PASSKEY_BODY, await c.req.json())
      if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
      await spend(c, 'passkey')
      const ctx = requestContext(c, projectId, origin, { credential })
      return ceremony === 'login' ? finishLogin(deps, ctx) : finishRegistration(deps, ctx)
    }),
  )
  app.post('/v1/frame/passkey/wrap', (c) =>
    answer(c, async () => {
      const { projectId, origin, ...payload } = parseBody(KEYS_BODY, await c.req.json())
      if (!(await origins.allows(projectId, origin))) throw unverifiedDomain()
      return keepPasskeyWrap(deps, requestContext(c, projectId, origin, payload))
    }),
  )
  app.post('/v1/frame/approvals/:requestId', (c) =>
    answer(c, async () => {
      const { secret, approved } = parseBody(APPROVAL_BODY, await c.req.json())
      const userId = await deps.sessions.userIdOf(c)
      if (!userId) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
      return decideApproval(deps, { userId, requestId: c.req.param('requestId'), secret, approved })
    }),
  )
  // What a pending request would do (preview.mjs): asked by the frame that holds its secret, shown in its panel only.
  app.post('/v1/frame/approvals/:requestId/preview', (c) =>
    answer(c, async () => {
      const { secret } = parseBody(PREVIEW_BODY, await c.req.json())
      const userId = await deps.sessions.userIdOf(c)
      if (!userId) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
      return approvalPreview(deps, { userId, requestId: c.req.param('requestId'), secret })
    }),
  )
  // What the frame signed for an approved request's job (KEYS.md, Signing): relayed, then the result or the next job.
  app.post('/v1/frame/approvals/:requestId/signed', (c) =>
    answer(c, async () => {
      const { secret, signed } = parseBody(SIGNED_BODY, await c.req.json())
      const userId = await deps.sessions.userIdOf(c)
      if (!userId) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
      return submitSigned(deps, { userId, requestId: c.req.param('requestId'), secret, signed })
    }),
  )

  // The user's key shares (KEYS.md), for their own frame page only: its session, its origin (checked above).
  /** @param {string} path @param {(user: import('./accounts.mjs').WalletUser, body: any, c: import('hono').Context) => Promise<unknown>} run */
  const keysRoute = (path, run) =>
    app.post(`/v1/frame/keys/${path}`, (c) =>
      answer(c, async () => {
        const body = parseBody(KEYS_BODY, await c.req.json())
        if (!(await origins.allows(body.projectId, body.origin))) throw unverifiedDomain()
        const userId = await deps.sessions.userIdOf(c)
        const user = userId && (await sessionUser(database, scopeOf(body.projectId), userId))
        if (!user) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
        return run(user, body, c)
      }),
    )
  keysRoute('state', async (user) => ({
    status: await keyStatus(database, user.id),
    userId: user.id,
    backedUp: await isBackedUp(database, user.id),
  }))
  // After the visitor's own click on "I saved it" in the frame's phrase panel: no APP_ message reaches it, so the host
  // page cannot mark a wallet backed up.
  keysRoute('backup', async (user, body) => {
    parseBody(v.object({ projectId: PROJECT_ID, origin: ORIGIN, kind: v.literal('phrase', "kind must be 'phrase'") }), body)
    await confirmPhraseBackup(database, user.id, now)
    return {}
  })
  keysRoute('register', async (user, body) => {
    await registerKeys(database, user.id, body)
    return {}
  })
  keysRoute('migrate', (user) => sealedKeysToMigrate(database, deps.sealingKey, user.id))
  keysRoute('migrated', async (user, body) => {
    await completeMigration(database, user.id, body)
    return {}
  })
  keysRoute('export-code', async (user, body, c) => {
    await spend(c, 'export-code')
    const { reason } = parseBody(EXPORT_CODE_BODY, body)
    return exportCode(deps, user, deviceHash(c), reason)
  })
  keysRoute('export', async (user, body, c) => {
    await spend(c, 'export')
    return keysForExport(deps, user, deviceHash(c), body.otp)
  })
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
 * The frame's `frame-ancestors`: the project's patterns a browser enforces itself, and for a preview-host pattern
 * (a `*` inside a label, which CSP cannot say) the one origin of the page that loads the frame, when it matches.
 * That origin comes from `Referer`, which a page can drop but not forge: a preview page with `no-referrer` cannot
 * embed the frame, and no other origin is ever added (docs/deploy.md).
 *
 * @param {readonly string[]} patterns @param {string | undefined} referer
 * @returns {string[]}
 */
export function frameAncestors(patterns, referer) {
  const sources = patterns.filter(isCspSource)
  let origin
  try {
    origin = referer ? new URL(referer).origin : undefined
  } catch {
    origin = undefined
  }
  const preview = origin && patterns.some((pattern) => !isCspSource(pattern) && originMatches(pattern, origin))
  return preview && origin ? [...sources, origin] : sources
}

/**
 * A form POST that the wallet's own page sent: its `Origin` is the wallet's, or, where a browser sends `Origin: null`
 * or none, `Sec-Fetch-Site` says the request came from the same origin (a header no page can set or forge). Anything
 * else, a page of another site included, is refused (CSRF).
 *
 * @param {import('hono').Context} c @param {string} ownOrigin
 */
export function fromOwnPage(c, ownOrigin) {
  const origin = c.req.header('origin')
  if (origin === ownOrigin) return true
  return (origin === undefined || origin === 'null') && c.req.header('sec-fetch-site') === 'same-origin'
}

/** rules §8 'Invalid App Configuration': the embedding origin is not one the project allows. */
const unverifiedDomain = () =>
  new WalletError(403, 'UNVERIFIED_DOMAIN', 'This origin is not allowed for the project: Invalid App Configuration')

/**
 * @template {v.GenericSchema} S
 * @param {S} schema @param {unknown} body
 * @returns {v.InferOutput<S>}
 */
function parseBody(schema, body) {
  const result = v.safeParse(schema, body)
  if (!result.success) throw invalidRequest(result.issues[0].message)
  return result.output
}

/**
 * Runs a backend call: its value as 200 JSON. A WalletError goes on to createServiceApp, which writes it as
 * `{ error, code, ... }` with its status; a body that is not JSON is a 400.
 *
 * @param {import('hono').Context} c
 * @param {() => Promise<unknown>} run
 */
async function answer(c, run) {
  try {
    return sendJson(c, 200, await run())
  } catch (error) {
    throw error instanceof SyntaxError ? invalidRequest('The body must be JSON') : error
  }
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
