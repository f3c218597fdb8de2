// The local ERC-4337 bundler (alto on loopback) and the smart account it serves, for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { BUNDLER_EXECUTOR, BUNDLER_UTILITY, startBundler } from './startBundler.mjs'
export { replaySafeTypedData, toFoyerAccount } from '../../wallet/foyerAccount.mjs'

/**
 * @typedef {import('./startBundler.mjs').Bundler} Bundler
 */
