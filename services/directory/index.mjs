// The wallet directory (rules §7), for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { ANALYTICS_MIGRATIONS } from './analyticsStore.mjs'
export { buildCatalogue } from './buildCatalogue.mjs'
export { imageIdFor, loadCatalogue, normalizeWallets, walletId } from './catalogue.mjs'
export { symbolImageSvg, walletImageSvg } from './images.mjs'
export {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_DIRECTORY_PORT,
  DEFAULT_ENTRIES,
  MAX_ENTRIES,
  MAX_EVENTS_PER_BATCH,
  REMOTE_FEATURE_IDS,
  SOCIAL_PROVIDERS,
  startDirectory,
} from './startDirectory.mjs'

/**
 * @typedef {import('./analyticsStore.mjs').AnalyticsEvent} AnalyticsEvent
 * @typedef {import('./startDirectory.mjs').DirectoryFeatures} DirectoryFeatures
 * @typedef {import('./startDirectory.mjs').StartDirectoryOptions} StartDirectoryOptions
 * @typedef {import('./startDirectory.mjs').WalletDirectory} WalletDirectory
 * @typedef {import('./catalogue.mjs').WalletEntry} WalletEntry
 */
