// Which sites a project allows (§5): the directory's `/projects/v1/origins`, asked briefly cached. The wallet's frame
// checks every message's origin against it (and sends it as CSP `frame-ancestors`, whose source syntax the
// directory's patterns already follow); the services grant CORS on their state-changing routes to it only.

/** How long a project's list is reused: an edit in the directory reaches running frames within this. */
export const ORIGINS_TTL_MS = 60_000;
/** A failed lookup is retried after this, not at every message. */
const FAILURE_TTL_MS = 5_000;

/**
 * Whether `origin` (`http://localhost:5173`) matches `pattern`: exact, or `*.` standing for one or more leading
 * host labels, or `:*` for any port (the default one included), as in CSP sources.
 *
 * @param {string} pattern
 * @param {string} origin
 */
export function originMatches(pattern, origin) {
  const parsedPattern = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?$/.exec(pattern);
  let url;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (!parsedPattern || url.origin !== origin) return false;
  const [, scheme, wildcard, host, port] = parsedPattern;
  if (url.protocol !== `${scheme}:`) return false;
  const hostMatches = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portMatches = port === '*' || (url.port || defaultPort) === (port ?? defaultPort);
  return hostMatches && portMatches;
}

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
  const cache = new Map();

  /** @param {string} projectId */
  async function lookUp(projectId) {
    const url = new URL('/projects/v1/origins', directoryUrl);
    url.search = new URLSearchParams({ projectId, st: client, sv: '1' }).toString();
    try {
      const response = await fetchFn(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return { origins: [], until: now() + FAILURE_TTL_MS };
      const { allowedOrigins } = /** @type {{ allowedOrigins?: unknown }} */ (await response.json());
      const origins = Array.isArray(allowedOrigins) ? allowedOrigins.filter((item) => typeof item === 'string') : [];
      return { origins, until: now() + ORIGINS_TTL_MS };
    } catch {
      // An unreachable directory allows nobody, for a few seconds: failing closed.
      return { origins: [], until: now() + FAILURE_TTL_MS };
    }
  }

  /** @param {string} projectId @returns {Promise<string[]>} */
  async function originsOf(projectId) {
    const cached = cache.get(projectId);
    if (cached && cached.until > now()) return cached.origins;
    const entry = await lookUp(projectId);
    cache.set(projectId, entry);
    return entry.origins;
  }

  return {
    originsOf,
    /** @param {string} projectId @param {string} origin */
    async allows(projectId, origin) {
      return (await originsOf(projectId)).some((pattern) => originMatches(pattern, origin));
    },
  };
}
