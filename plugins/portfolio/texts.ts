/**
 * English for the Tokens and NFTs tabs of the Account view. It loads with the tabs (the manifest carries only
 * their labels: locales.ts), whose modules re-export it as `texts` for the kernel to add as they load, under the host's own.
 */
export const viewTexts = {
  'portfolio.tokensLabel': 'Your tokens',
  'portfolio.tokensEmpty': 'No tokens on this network yet.',
  /** Same wording as the rules §8 toast. */
  'portfolio.tokensError': 'Token Balance Unavailable',
  'portfolio.nftsLabel': 'Your NFTs',
  'portfolio.nftsEmpty': 'No NFTs on this network yet.',
  'portfolio.nftsError': 'NFTs could not be loaded.',
  'portfolio.loading': 'Loading…',
} as const

export type ViewTexts = typeof viewTexts
