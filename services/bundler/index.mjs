// The local ERC-4337 bundler (alto on loopback) and the smart account it serves, for `npm start` and the tests.
// Types: index.d.mts.
export { BUNDLER_EXECUTOR, BUNDLER_UTILITY, startBundler } from './startBundler.mjs';
export { replaySafeTypedData, toFoyerAccount } from './foyerAccount.mjs';
