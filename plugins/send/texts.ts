/**
 * English for the Send view and its action; `{symbol}`, `{amount}`, `{network}` are filled in at run time. It loads with
 * the view (the manifest carries only the title and the entry's label: locales.ts), whose module re-exports it as
 * `texts` for the kernel to add as it loads, under the host's own; `sendToken` words its refusals from it.
 */
export const viewTexts = {
  'send.token': 'Token',
  'send.chooseToken': 'Choose a token',
  /** The search field of a long token list. */
  'send.search': 'Search tokens',
  'send.noMatch': 'No token matches',
  'send.amount': 'Amount',
  'send.max': 'Max',
  'send.balance': 'Balance: {amount} {symbol}',
  /** What the account holds on this network, already formatted as money. */
  'send.networkBalance': 'On this network: {amount}',
  'send.receiver': 'Receiver address',
  'send.preview': 'Preview',
  'send.back': 'Edit',
  'send.confirm': 'Send now',
  'send.from': 'From',
  'send.to': 'To',
  'send.network': 'Network',
  'send.sending': 'Confirm the transfer in your wallet',
  'send.sent': 'Sent',
  'send.hash': 'Transaction',
  'send.again': 'Send more',
  /** `{explorer}` is the network's block explorer, e.g. 'Etherscan'. */
  'send.explorer': 'View on {explorer}',
  'send.notConnected': 'Connect a wallet to send.',
  'send.empty': 'Nothing to send on this network.',
  'send.unsupported': 'Sending is not available on this network.',
  /** rules §5, exact wording. */
  'send.error.required': 'An amount and receiver address are required',
  /** rules §5, exact wording. */
  'send.error.token': 'A token is required',
  'send.error.address': 'The receiver address is not valid on this network',
  'send.error.amount': 'The amount is not a valid number',
  'send.error.balance': 'The amount is more than your balance',
  'send.error.rejected': 'You declined the transfer in your wallet',
  'send.error.failed': 'The transfer failed',
  'send.error.balances': 'Your balances could not be loaded. Try again later.',
  /** The list of what a transfer will do, as the network's node simulated it (docs/previews.md). */
  'send.simulation.title': 'What will happen',
  'send.simulation.checking': 'Checking what this transfer will do…',
  'send.simulation.send': 'You send',
  'send.simulation.receive': 'You receive',
  'send.simulation.allowance': 'Allowance',
  /** An allowance the transaction grants; `{spender}` is a shortened address. */
  'send.simulation.allow': '{amount} {symbol} to {spender}',
  'send.simulation.unlimited': 'Unlimited {symbol} to {spender}',
  'send.simulation.all': 'All of {symbol} to {spender}',
  /** `{reason}` is the contract's own reason, untranslated. */
  'send.simulation.reverts': 'This transfer would fail: {reason}',
  'send.simulation.unavailable': 'This network cannot preview the result',
} as const

export type ViewTexts = typeof viewTexts
