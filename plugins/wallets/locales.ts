/** The wallets plugin's English (the manifest's and the view's: the view has few texts of its own). */
export const en = {
  /** The view (rules §2 ProfileWallets) and the action under the account that opens it. */
  'wallets.title': 'Your wallets',
  'wallets.add': 'Add wallet',
  /** The row of the connection the Account view shows now. */
  'wallets.active': 'Active',
  'wallets.switch': 'Use this wallet',
  'wallets.remove': 'Remove {name}',
  'wallets.empty': 'No wallets connected yet.',
  /** rules §6: multi-wallet is off in the project's remote configuration. */
  'wallets.off': 'Several wallets at once are not enabled for this project.',
  'wallets.balance': '{amount} {symbol}',
} as const
