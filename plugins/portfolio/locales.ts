/** English for the portfolio plugin (the Tokens and NFTs tabs of the Account view). */
export const en = {
  /** Tab of the Account view listing the account's tokens. */
  'portfolio.tokens': 'Tokens',
  /** Tab of the Account view showing the account's NFTs. */
  'portfolio.nfts': 'NFTs',
  'portfolio.tokensLabel': 'Your tokens',
  'portfolio.tokensEmpty': 'No tokens on this network yet.',
  /** Same wording as the rules §8 toast. */
  'portfolio.tokensError': 'Token Balance Unavailable',
  'portfolio.nftsLabel': 'Your NFTs',
  'portfolio.nftsEmpty': 'No NFTs on this network yet.',
  'portfolio.nftsError': 'NFTs could not be loaded.',
  'portfolio.loading': 'Loading…',
} as const
