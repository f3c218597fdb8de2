// The one HTTP framework of the services: Hono, with what they share configured once.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export {
  DEFAULT_MAX_BODY_BYTES,
  JSON_TYPE,
  NOT_OWN_ORIGIN,
  ORIGIN_NOT_ALLOWED,
  createFailureSwitch,
  createServiceApp,
  markDraining,
  searchParams,
  sendJson,
} from './createServiceApp.mjs'
export { ServiceError, errorBody } from './serviceError.mjs'
export { JsonObject, bodyValue, check, queryString, queryValue, valid, validBody } from './valid.mjs'
export { Client, ClientQuery, PROJECT_ID_PATTERN, ProjectId, ProjectIdQuery, checkClient, checkServed } from './projectClient.mjs'
export { ORIGINS_TTL_MS, createAllowedOrigins } from './allowedOrigins.mjs'
export { originMatches } from 'foyer/protocol'
export { DEFAULT_RATE_LIMIT, clientAddress, createRateLimit, openRateLimit, openSharedRateLimit } from './rateLimit.mjs'
export { READY_TIMEOUT_MS, allReady, databaseAnswers, nodeAnswers } from './readiness.mjs'
export { DRAIN_TIMEOUT_MS, serveApp } from './serveApp.mjs'
export { TRUSTED_PROXIES_ENV, createTrustedProxy } from './trustedProxy.mjs'

/**
 * @typedef {import('./createServiceApp.mjs').ServiceAppOptions} ServiceAppOptions
 * @typedef {import('./createServiceApp.mjs').StateChangingRoute} StateChangingRoute
 * @typedef {import('./createServiceApp.mjs').RequestLogEntry} RequestLogEntry
 * @typedef {import('./trustedProxy.mjs').TrustedProxy} TrustedProxy
 */
