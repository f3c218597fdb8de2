// The wallet directory (rules §7): the wallet catalogue, generated images, the remote project configuration, the
// allowed origins, the analytics switch and the analytics receiver, over HTTP on 127.0.0.1. Everything it serves
// is public data (the same for every visitor, nothing secret), so CORS is open to every origin (`*`); which sites
// may embed a project is the client's check against /projects/v1/origins (rules §5), not this server's. Only `POST /e`
// changes state: events from a page the project does not allow get no CORS grant and a 403 (rules §8).
import {
  PROJECT_ID_PATTERN,
  checkClient,
  createFailureSwitch,
  createServiceApp,
  databaseAnswers,
  sendJson,
  serveApp,
} from '../http/index.mjs'
import { createAnalyticsRoutes } from './analyticsRoutes.mjs'
import { createAnalyticsStore } from './analyticsStore.mjs'
import { loadCatalogue, normalizeWallets } from './catalogue.mjs'
import { createCatalogueRoutes } from './catalogueRoutes.mjs'

export { MAX_EVENTS_PER_BATCH } from './analyticsRoutes.mjs'
export { DEFAULT_ENTRIES, MAX_ENTRIES } from './catalogueRoutes.mjs'

/** The CLI's port. */
export const DEFAULT_DIRECTORY_PORT = 8788
/** The flags the remote configuration may set (rules §9 remote defaults); which ones apply is up to the flags the kernel and plugins declare `remote`. */
export const REMOTE_FEATURE_IDS = ['email', 'socials', 'swaps', 'onramp', 'activity', 'branding', 'multiWallet']
/** rules §9 default socials (kernel/services/remoteConfig.ts SOCIAL_PROVIDERS). */
export const SOCIAL_PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']
/** Every social login a project may list: rules §9's defaults and telegram (rules §1). */
export const SOCIAL_LOGINS = [...SOCIAL_PROVIDERS, 'telegram']
/** Local development hosts on any port. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

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
  // rules §7: every call names its project and its client.
  const client = checkClient(projects, 'directory')
  app.get('/appkit/v1/config', client, (c) => sendJson(c, 200, config))
  app.get('/projects/v1/origins', client, (c) => sendJson(c, 200, { allowedOrigins: origins }))
  app.get('/getAnalyticsConfig', client, (c) => sendJson(c, 200, { isAnalyticsEnabled: analytics }))
  app.route('/', createCatalogueRoutes({ client, catalogue }))
  if (events) app.route('/', createAnalyticsRoutes({ client, events }))

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
