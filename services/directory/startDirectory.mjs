// The wallet directory (rules §7): the wallet catalogue, generated images, the remote project configuration, the
// allowed origins, the analytics switch and the analytics receiver, over HTTP on 127.0.0.1. Everything it serves
// is public data (the same for every visitor, nothing secret), so CORS is open to every origin (`*`); which sites
// may embed a project is the client's check against /projects/v1/origins (rules §5), not this server's. Only `POST /e`
// changes state: events from a page the project does not allow get no CORS grant and a 403 (rules §8).
import { createHash } from 'node:crypto'

import {
  ORIGIN_NOT_ALLOWED,
  RequestError,
  createFailureSwitch,
  createServiceApp,
  databaseAnswers,
  queryParam,
  searchParams,
  sendJson,
  serveApp,
} from '../http/index.mjs'
import { CAIP2_PATTERN, WALLET_ID_PATTERN, loadCatalogue, normalizeWallets } from './catalogue.mjs'
import { createAnalyticsStore } from './analyticsStore.mjs'
import { symbolImageSvg, walletImageSvg } from './images.mjs'
// The wallet service checks its frame's embedders with the same patterns (rules §5); one matcher for both.

/** The CLI's port. */
export const DEFAULT_DIRECTORY_PORT = 8788
/** rules §9: a wallet page has 40 entries. */
export const DEFAULT_ENTRIES = 40
/** rules §9: a search asks for 100 entries; no page is larger. */
export const MAX_ENTRIES = 100
/** The flags the remote configuration may set (rules §9 remote defaults); which ones apply is up to the flags the kernel and plugins declare `remote`. */
export const REMOTE_FEATURE_IDS = ['email', 'socials', 'swaps', 'onramp', 'activity', 'branding', 'multiWallet']
/** rules §9 default socials (kernel/services/remoteConfig.ts SOCIAL_PROVIDERS). */
export const SOCIAL_PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']
/** Every social login a project may list: rules §9's defaults and telegram (rules §1). */
export const SOCIAL_LOGINS = [...SOCIAL_PROVIDERS, 'telegram']
/** Local development hosts on any port. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

const PROJECT_ID_PATTERN = /^[\w-]{1,128}$/
const CLIENT_PATTERN = /^[\w.+-]{1,64}$/
// A symbol, a currency code or a network's name ('OP Mainnet'): letters, digits, spaces, '.', '-', '_'.
const SYMBOL_ID_PATTERN = /^[\w.-](?:[\w. -]{0,126}[\w.-])?$/
// http(s), a host whose first label may be `*` or hold one `*` beside text (a preview host, `shop-git-*-acme.vercel.app`),
// and an optional port that may be `*`.
const ORIGIN_PATTERN = /^https?:\/\/(?:(\*\.)?[a-z0-9-]+|[a-z0-9-]+\*[a-z0-9-]*(?=\.)|\*[a-z0-9-]+(?=\.))(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/
// Domains where anyone can get a host: `*.` right above one would let every stranger's site embed the wallet.
const SHARED_HOSTING = [
  'vercel.app',
  'netlify.app',
  'pages.dev',
  'workers.dev',
  'github.io',
  'web.app',
  'firebaseapp.com',
  'herokuapp.com',
  'onrender.com',
  'fly.dev',
  'amplifyapp.com',
  'azurewebsites.net',
  'surge.sh',
]
const MAX_LIST_ITEMS = 500
const MAX_SEARCH_LENGTH = 100
/** Events one `POST /e` may carry. */
export const MAX_EVENTS_PER_BATCH = 100
const EVENT_ID_PATTERN = /^[\w-]{8,64}$/
const DOMAIN_PATTERN = /^[a-z0-9.-]{1,253}$/i
const MAX_URL_LENGTH = 2048
const MAX_PROPS_BYTES = 4096

/**
 * @typedef {Partial<Record<'email' | 'swaps' | 'onramp' | 'activity' | 'branding' | 'multiWallet', boolean>>
 *   & { socials?: readonly string[] | false }} DirectoryFeatures
 */

/**
 * @typedef {object} StartDirectoryOptions
 * @property {number} [port] 0 picks a free port (default 0)
 * @property {string} [host] default '127.0.0.1'
 * @property {readonly string[]} [projectIds] the projects it serves; others get 403 (default: any project id)
 * @property {readonly string[]} [allowedOrigins] `/projects/v1/origins`; `*` may stand for a host's first labels, for part
 *   of its first label (a preview host: `https://shop-git-*-acme.vercel.app`), or for the port; never `*.` right above a
 *   shared hosting domain such as vercel.app (default DEFAULT_ALLOWED_ORIGINS)
 * @property {DirectoryFeatures} [features] the remote configuration; a flag left out is on, socials default to all
 * @property {boolean} [analytics] `/getAnalyticsConfig`'s isAnalyticsEnabled, and whether `POST /e` is served
 *   (default false)
 * @property {import('../storage/index.mjs').Database} [database] where `POST /e` keeps events (schema `analytics`);
 *   required with `analytics: true`
 * @property {readonly object[]} [wallets] served instead of the catalogue (checked like it; see catalogue.mjs)
 * @property {(message: string) => void} [log] told about internal errors (default console.error)
 * @property {import('../http/index.mjs').TrustedProxy} [trustedProxy] the reverse proxies whose `X-Forwarded-*`
 *   headers are believed (createTrustedProxy). (default none)
 * @property {(entry: import('../http/index.mjs').RequestLogEntry) => void} [requestLog] told about every request
 */

/**
 * Starts the wallet directory and resolves once it listens.
 *
 * @example
 * const directory = await startDirectory({ projectIds: ['demo'] });
 * await fetch(`${directory.url}/getWallets?projectId=demo&st=foyer&sv=0.1.0&search=meta`);
 * directory.failNext(429); // the next request is rate limited
 * await directory.stop();
 *
 * @param {StartDirectoryOptions} [options]
 */
export async function startDirectory({
  port = 0,
  host = '127.0.0.1',
  projectIds,
  allowedOrigins = DEFAULT_ALLOWED_ORIGINS,
  features = {},
  analytics = false,
  database,
  wallets,
  log = (message) => console.error(message),
  trustedProxy,
  requestLog,
} = {}) {
  const catalogue = wallets === undefined ? loadCatalogue() : normalizeWallets(wallets)
  const walletsByImageId = new Map(catalogue.map((wallet) => [wallet.image_id, wallet]))
  const projects = projectIds === undefined ? undefined : new Set(checkProjectIds(projectIds))
  const origins = checkOrigins(allowedOrigins)
  const config = { features: remoteFeatures(features) }
  if (typeof analytics !== 'boolean') throw new TypeError('analytics must be true or false')
  if (analytics && !database) throw new TypeError('analytics: true needs a database (services/storage) to keep the events in')
  const events = analytics ? await createAnalyticsStore(/** @type {import('../storage/index.mjs').Database} */ (database)) : undefined
  const failures = createFailureSwitch()
  const app = createServiceApp({
    name: 'directory',
    log,
    methods: events ? ['GET', 'POST'] : ['GET'],
    beforeRoutes: failures.middleware,
    // The analytics receiver keeps what it is sent: only the projects' own pages may send it.
    changesState: events ? [{ method: 'POST', path: '/e' }] : [],
    projectOrigins: async () => origins,
    trustedProxy,
    requestLog,
    // Ready once migrated (before listening) and while the analytics database answers; the catalogue is in memory.
    ...(events && database && { ready: databaseAnswers(database) }),
  })

  /** @param {string} path @param {(query: URLSearchParams) => unknown} answer */
  const jsonRoute = (path, answer) =>
    app.get(path, (c) => {
      const query = searchParams(c)
      checkClient(query, projects)
      return sendJson(c, 200, answer(query))
    })
  jsonRoute('/getWallets', (query) => listWallets(catalogue, query))
  jsonRoute('/appkit/v1/config', () => config)
  jsonRoute('/projects/v1/origins', () => ({ allowedOrigins: origins }))
  jsonRoute('/getAnalyticsConfig', () => ({ isAnalyticsEnabled: analytics }))
  if (events) {
    app.post('/e', async (c) => {
      const query = searchParams(c)
      checkClient(query, projects)
      // Any other origin is refused by the shared CORS check; events come from a page, which names its origin.
      if (!c.req.header('origin')) throw new RequestError(403, ORIGIN_NOT_ALLOWED)
      const batch = parseEvents(await c.req.text())
      const added = await events.add(/** @type {string} */ (queryParam(query, 'projectId')), batch)
      return sendJson(c, 202, { received: batch.length, added })
    })
  }

  /** @param {string} prefix @param {(id: string) => string} render */
  const imageRoute = (prefix, render) =>
    app.get(`${prefix}:id`, (c) => {
      checkClient(searchParams(c), projects)
      // The raw segment: Hono hands back malformed percent-encoding as it is, and that is a 400 here.
      return sendSvg(c, render(decodeSegment(c.req.path.slice(prefix.length))))
    })
  imageRoute('/getWalletImage/', (id) => walletImage(walletsByImageId, id))
  imageRoute('/public/getAssetImage/', (id) => symbolImage('asset', id))
  imageRoute('/public/getCurrencyImage/', (id) => symbolImage('currency', id))
  imageRoute('/public/getTokenImage/', (id) => symbolImage('token', id))

  const served = await serveApp(app, { port, host, envVar: 'FOYER_DIRECTORY_PORT', name: 'directory', log })
  return {
    /** `http://127.0.0.1:<port>` */
    url: served.url,
    port: served.port,
    /**
     * The next `count` requests (preflights aside, so a browser's OPTIONS does not use one up) answer `status`
     * with `{ error }`; 429 also carries `retry-after: 1`. Replaces any failure still pending.
     */
    failNext: failures.failNext,
    /**
     * The next `count` requests (preflights aside) wait `ms` first (Infinity: until released): a slow directory.
     * Replaces any delay still pending; `count` 0 lets every waiting request go on now.
     */
    delayNext: failures.delayNext,
    /**
     * The analytics events kept for a project, oldest first (empty without `analytics`).
     *
     * @param {string} projectId
     */
    analyticsEvents: async (projectId) => (events ? events.list(projectId) : []),
    /** Stops listening, closes every connection and resolves once closed. Safe to call twice. */
    stop: served.stop,
    /** Stops accepting, lets the requests in flight finish (`/readyz` answers 503 meanwhile), then stops. */
    drain: served.drain,
  }
}

/** @typedef {Awaited<ReturnType<typeof startDirectory>>} WalletDirectory */

/**
 * rules §7: every call names its project and its client (`st` type, `sv` version).
 *
 * @param {URLSearchParams} query
 * @param {Set<string> | undefined} projects
 */
function checkClient(query, projects) {
  const projectId = queryParam(query, 'projectId')
  if (!projectId) throw new RequestError(400, 'projectId is required')
  if (!PROJECT_ID_PATTERN.test(projectId)) throw new RequestError(400, 'projectId must be 1 to 128 letters, digits, "-" or "_"')
  for (const [name, what] of /** @type {const} */ ([
    ['st', 'client type'],
    ['sv', 'client version'],
  ])) {
    const value = queryParam(query, name)
    if (!value) throw new RequestError(400, `${name} (the ${what}) is required`)
    if (!CLIENT_PATTERN.test(value)) {
      throw new RequestError(400, `${name} must be 1 to 64 letters, digits, ".", "+", "-" or "_"`)
    }
  }
  if (projects && !projects.has(projectId)) throw new RequestError(403, 'projectId is not a project of this directory')
}

/**
 * `GET /getWallets`: filters, then a page of the catalogue in its order (rank, then name).
 *
 * @param {import('./catalogue.mjs').WalletEntry[]} catalogue
 * @param {URLSearchParams} query
 */
function listWallets(catalogue, query) {
  const page = integer(query, 'page', 1, 1_000_000, 'page must be a positive integer')
  const entries = integer(query, 'entries', DEFAULT_ENTRIES, MAX_ENTRIES, `entries must be an integer from 1 to ${MAX_ENTRIES}`)
  const search = (queryParam(query, 'search') ?? '').trim().toLowerCase()
  if (search.length > MAX_SEARCH_LENGTH) throw new RequestError(400, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
  const badge = queryParam(query, 'badge_type')
  // 'none' asks for no badge filter, 'certified' for certified wallets only.
  if (badge !== undefined && badge !== 'certified' && badge !== 'none') {
    throw new RequestError(400, "badge_type must be 'certified' or 'none'")
  }
  const include = list(query, 'include', WALLET_ID_PATTERN, 'wallet ids')
  const exclude = list(query, 'exclude', WALLET_ID_PATTERN, 'wallet ids')
  const chains = list(query, 'chains', CAIP2_PATTERN, 'CAIP-2 ids such as eip155:1')

  const matches = catalogue.filter(
    (wallet) =>
      (!search || wallet.name.toLowerCase().includes(search) || Boolean(wallet.rdns?.toLowerCase().includes(search))) &&
      (badge !== 'certified' || wallet.badge_type === 'certified') &&
      (!include || include.has(wallet.id)) &&
      !exclude?.has(wallet.id) &&
      (!chains || wallet.chains.some((chain) => chains.has(chain))),
  )
  return { data: matches.slice((page - 1) * entries, page * entries), count: matches.length }
}

/** @param {URLSearchParams} query @param {string} name @param {number} fallback @param {number} max @param {string} message */
function integer(query, name, fallback, max, message) {
  const raw = queryParam(query, name)
  if (raw === undefined || raw === '') return fallback
  if (!/^[1-9]\d{0,6}$/.test(raw) || Number(raw) > max) throw new RequestError(400, message)
  return Number(raw)
}

/**
 * A comma-separated list; empty means no filter.
 *
 * @param {URLSearchParams} query @param {string} name @param {RegExp} pattern @param {string} what
 * @returns {Set<string> | undefined}
 */
function list(query, name, pattern, what) {
  const raw = queryParam(query, name)
  if (raw === undefined || raw === '') return undefined
  const items = raw.split(',')
  if (items.length > MAX_LIST_ITEMS) throw new RequestError(400, `${name} may hold at most ${MAX_LIST_ITEMS} items`)
  const bad = items.find((item) => !pattern.test(item))
  if (bad !== undefined) {
    const shown = bad === '' ? 'an empty item' : JSON.stringify(bad.slice(0, 64))
    throw new RequestError(400, `${name} must be comma-separated ${what}; got ${shown}`)
  }
  return new Set(items)
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new RequestError(400, 'The image id is not valid percent-encoding')
  }
}

/** @param {Map<string, { name: string }>} walletsByImageId @param {string} imageId */
function walletImage(walletsByImageId, imageId) {
  const wallet = walletsByImageId.get(imageId)
  if (!wallet) throw new RequestError(404, 'No wallet image has this id')
  return walletImageSvg(wallet.name)
}

/** @param {'asset' | 'currency' | 'token'} kind @param {string} id */
function symbolImage(kind, id) {
  if (!SYMBOL_ID_PATTERN.test(id)) {
    throw new RequestError(400, `The ${kind} image id must be 1 to 128 letters, digits, spaces, ".", "-" or "_"`)
  }
  return symbolImageSvg(kind, id)
}

/** @param {DirectoryFeatures} features */
function remoteFeatures(features) {
  if (typeof features !== 'object' || features === null) throw new TypeError('features must be an object')
  for (const key of Object.keys(features)) {
    if (!REMOTE_FEATURE_IDS.includes(key)) {
      throw new TypeError(`features.${key} is not a remote feature (${REMOTE_FEATURE_IDS.join(', ')})`)
    }
  }
  return REMOTE_FEATURE_IDS.map((id) => {
    if (id !== 'socials') {
      const isEnabled = features[/** @type {'email'} */ (id)] ?? true
      if (typeof isEnabled !== 'boolean') throw new TypeError(`features.${id} must be true or false`)
      return { id, isEnabled }
    }
    const socials = features.socials ?? SOCIAL_PROVIDERS
    if (socials === false) return { id, isEnabled: false }
    if (!Array.isArray(socials)) throw new TypeError('features.socials must be a list of providers or false')
    const unknown = socials.find((provider) => !SOCIAL_LOGINS.includes(provider))
    if (unknown !== undefined) {
      throw new TypeError(`features.socials: ${JSON.stringify(unknown)} is not one of ${SOCIAL_LOGINS.join(', ')}`)
    }
    return { id, isEnabled: socials.length > 0, config: [...socials] }
  })
}

/** @param {unknown} projectIds */
function checkProjectIds(projectIds) {
  if (!Array.isArray(projectIds) || projectIds.some((id) => typeof id !== 'string' || !PROJECT_ID_PATTERN.test(id))) {
    throw new TypeError('projectIds must be a list of project ids (1 to 128 letters, digits, "-" or "_")')
  }
  return projectIds
}

/** @param {unknown} origins */
function checkOrigins(origins) {
  if (!Array.isArray(origins)) throw new TypeError('allowedOrigins must be a list of origins')
  return origins.map((origin) => {
    const pattern = typeof origin === 'string' ? origin.toLowerCase() : ''
    if (!ORIGIN_PATTERN.test(pattern)) {
      const example = 'https://*.example.com or http://127.0.0.1:*'
      throw new TypeError(`allowedOrigins: ${JSON.stringify(origin)} is not an origin such as ${example}`)
    }
    const shared = SHARED_HOSTING.find((domain) => new RegExp(`^https?://\\*\\.${domain.replace('.', '\\.')}(:|$)`).test(pattern))
    if (shared) {
      throw new TypeError(
        `allowedOrigins: ${JSON.stringify(origin)} would let any site on ${shared} embed the wallet; name your own hosts, such as https://shop-git-*-acme.${shared}`,
      )
    }
    return pattern
  })
}

/**
 * rules §7 `POST /e`'s body: one event `{ eventId, url, domain, timestamp, props }` or a batch of them. Sent as text
 * (`text/plain` needs no preflight, so a keepalive request on page close goes out at once), read as JSON.
 *
 * @param {string} text
 * @returns {import('./analyticsStore.mjs').AnalyticsEvent[]}
 */
function parseEvents(text) {
  let body
  try {
    body = JSON.parse(text)
  } catch {
    throw new RequestError(400, 'The body must be JSON: an event or a list of events')
  }
  const list = Array.isArray(body) ? body : [body]
  if (list.length === 0 || list.length > MAX_EVENTS_PER_BATCH) {
    throw new RequestError(400, `A batch holds 1 to ${MAX_EVENTS_PER_BATCH} events`)
  }
  return list.map((event, index) => {
    const at = `events[${index}]`
    if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new RequestError(400, `${at} must be an object`)
    const { eventId, url, domain, timestamp, props } = event
    if (typeof eventId !== 'string' || !EVENT_ID_PATTERN.test(eventId)) {
      throw new RequestError(400, `${at}.eventId must be 8 to 64 letters, digits, "-" or "_"`)
    }
    if (typeof url !== 'string' || url.length > MAX_URL_LENGTH || !/^https?:\/\//.test(url)) {
      throw new RequestError(400, `${at}.url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`)
    }
    if (typeof domain !== 'string' || !DOMAIN_PATTERN.test(domain)) throw new RequestError(400, `${at}.domain must be a host name`)
    if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
      throw new RequestError(400, `${at}.timestamp must be milliseconds since 1970`)
    }
    if (typeof props !== 'object' || props === null || Array.isArray(props) || typeof props.event !== 'string') {
      throw new RequestError(400, `${at}.props must be an object with an event name ({ type, event, properties })`)
    }
    if (JSON.stringify(props).length > MAX_PROPS_BYTES) throw new RequestError(400, `${at}.props exceeds ${MAX_PROPS_BYTES} bytes`)
    return { eventId, url, domain, timestamp, props }
  })
}

/**
 * Images are pure functions of their URL, so they are cached for a day and revalidated by ETag. A wallet's
 * image id changes with its name (catalogue.mjs imageIdFor).
 *
 * @param {import('hono').Context} c @param {string} svg
 */
function sendSvg(c, svg) {
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`
  const headers = {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=86400',
    etag,
    'x-content-type-options': 'nosniff',
    // Opened on its own, the SVG may still not run or fetch anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(svg, 200, headers)
}
