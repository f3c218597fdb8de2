// The wallet directory (§7), for `npm start` and the tests.
// Types: index.d.mts (import from this file, not from the modules behind it).
export { ANALYTICS_MIGRATIONS } from './analyticsStore.mjs';
export { buildCatalogue } from './buildCatalogue.mjs';
export { imageIdFor, loadCatalogue, normalizeWallets, walletId } from './catalogue.mjs';
export { symbolImageSvg, walletImageSvg } from './images.mjs';
export {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_DIRECTORY_PORT,
  DEFAULT_ENTRIES,
  MAX_ENTRIES,
  MAX_EVENTS_PER_BATCH,
  REMOTE_FEATURE_IDS,
  SOCIAL_PROVIDERS,
  startDirectory,
} from './startDirectory.mjs';
