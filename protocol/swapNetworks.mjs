// Where swaps are offered, CAIP-2: the 12 networks of docs/rules.md rules §6, then the local chains of `npm start` (31337
// and 31338). One list, read by the swaps plugin (where it shows the Swap action) and by the API service (where it
// answers the convert calls), so the two never disagree. Plain JavaScript with no imports, for both.

/** CAIP-2 ids of the networks swaps are offered on. */
export const SWAP_NETWORKS = Object.freeze([
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
  'eip155:31337',
  'eip155:31338',
])
