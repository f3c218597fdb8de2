import type { ViewTexts } from './texts.js'

/**
 * The portfolio plugin's English that the manifest needs: the labels of its two Account tabs. The rest (texts.ts)
 * comes with the tabs.
 */
export const en = {
  /** Tab of the Account view listing the account's tokens. */
  'portfolio.tokens': 'Tokens',
  /** Tab of the Account view showing the account's NFTs. */
  'portfolio.nfts': 'NFTs',
} as const

/** Every key of the plugin, for the Messages type. */
export type PortfolioMessages = Record<keyof typeof en | keyof ViewTexts, string>
