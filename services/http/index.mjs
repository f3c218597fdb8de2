// The one HTTP framework of the services: Hono, with what they share configured once.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export {
  DEFAULT_MAX_BODY_BYTES,
  JSON_TYPE,
  NOT_OWN_ORIGIN,
  ORIGIN_NOT_ALLOWED,
  RequestError,
  createFailureSwitch,
  createServiceApp,
  queryParam,
  searchParams,
  sendJson,
} from './createServiceApp.mjs'
export { ORIGINS_TTL_MS, createAllowedOrigins } from './allowedOrigins.mjs'
export { originMatches } from '../../kernel/model/originMatches.mjs'
export { DEFAULT_RATE_LIMIT, clientAddress, createRateLimit } from './rateLimit.mjs'
export { serveApp } from './serveApp.mjs'

/**
 * @typedef {import('./createServiceApp.mjs').ServiceAppOptions} ServiceAppOptions
 * @typedef {import('./createServiceApp.mjs').StateChangingRoute} StateChangingRoute
 */
