// Which sites a project allows (rules §5): the directory's `/projects/v1/origins`, asked briefly cached. The wallet's frame
// checks every message's origin against it (and sends it as CSP `frame-ancestors`, whose source syntax the
// directory's patterns already follow); the services grant CORS on their state-changing routes to it only.

import { originMatches } from 'foyer/protocol'

/** How long a project's list is reused: an edit in the directory reaches running frames within this. */
export const ORIGINS_TTL_MS = 60_000
/** A failed lookup is retried after this, not at every message. */
const FAILURE_TTL_MS = 5_000

/**
 * Looks up and caches projects' allowed origins.
 *
 * @param {object} options
 * @param {string} options.directoryUrl the wallet directory (`services/directory`)
 * @param {string} [options.client] the client type sent as `st`. (default 'foyer-service')
 * @param {typeof fetch} [options.fetch]
 * @param {() => number} [options.now]
 */
export function createAllowedOrigins({ directoryUrl, client = 'foyer-service', fetch: fetchFn = fetch, now = Date.now }) {
  /** @type {Map<string, { origins: string[], until: number }>} */
  const cache = new Map()

  /** @param {string} projectId */
  async function lookUp(projectId) {
    const url = new URL('/projects/v1/origins', directoryUrl)
    url.search = new URLSearchParams({ projectId, st: client, sv: '1' }).toString()
    try {
      const response = await fetchFn(url, { signal: AbortSignal.timeout(5_000) })
      if (!response.ok) return { origins: [], until: now() + FAILURE_TTL_MS }
      const { allowedOrigins } = /** @type {{ allowedOrigins?: unknown }} */ (await response.json())
      const origins = Array.isArray(allowedOrigins) ? allowedOrigins.filter((item) => typeof item === 'string') : []
      return { origins, until: now() + ORIGINS_TTL_MS }
    } catch {
      // An unreachable directory allows nobody, for a few seconds: failing closed.
      return { origins: [], until: now() + FAILURE_TTL_MS }
    }
  }

  /** @param {string} projectId @returns {Promise<string[]>} */
  async function originsOf(projectId) {
    const cached = cache.get(projectId)
    if (cached && cached.until > now()) return cached.origins
    const entry = await lookUp(projectId)
    cache.set(projectId, entry)
    return entry.origins
  }

  return {
    originsOf,
    /** @param {string} projectId @param {string} origin */
    async allows(projectId, origin) {
      return (await originsOf(projectId)).some((pattern) => originMatches(pattern, origin))
    },
  }
}
