// The explorer API stand-in (development and tests only): Etherscan-compatible account lists read from one anvil.
// Import from this file, not from the module behind it; its JSDoc is the types.
export { EXPLORER_MAX_ROWS, startExplorer } from './startExplorer.mjs'

/** @typedef {import('./startExplorer.mjs').LocalExplorer} LocalExplorer */
