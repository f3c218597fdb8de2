// Where the convert calls are answered: the one list the swaps plugin reads too (plugins/swaps/swapNetworks.json:
// SPEC §6's 12 networks, then the local chains of `npm start`, 31337 and 31338). Read here rather than copied, so
// the two never disagree.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** CAIP-2 ids of the networks swaps are offered on. */
export const SWAP_NETWORKS = Object.freeze(
  /** @type {string[]} */ (require('../../plugins/swaps/swapNetworks.json')).slice(),
);
