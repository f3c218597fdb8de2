/**
 * English for the Pay view; `{amount}`, `{symbol}`, `{recipient}`, `{network}` are filled in at run time. It loads with
 * the view (the manifest carries only the title: locales.ts), whose module re-exports it as `texts` for the kernel to
 * add as it loads, under the host's own.
 */
export const viewTexts = {
  /** What the host asks the visitor to pay, e.g. 'Pay 10 USDC'. */
  'pay.summary': 'Pay {amount} {symbol}',
  'pay.recipient': 'To',
  'pay.network': 'Network',
  'pay.fromWallet': 'Pay from your wallet',
  'pay.connect': 'Connect a wallet to pay',
  'pay.wrongNamespace': 'Connect a wallet on {network} to pay.',
  'pay.paying': 'Confirm the payment in your wallet',
  'pay.fromExchange': 'Pay from an exchange',
  /** While the exchange's window is open. */
  'pay.exchangeOpen': 'Confirm the payment in the exchange window',
  'pay.error.exchangeClosed': 'The exchange window was closed without paying',
  'pay.error.exchangeCancelled': 'The payment was cancelled on the exchange',
  'pay.loading': 'Reading the token…',
  'pay.error.rejected': 'You declined the payment in your wallet',
  'pay.error.failed': 'The payment failed',
  'pay.error.token': 'This token could not be read; pass its `metadata`',
  /** The list of what the payment will do, as the network's node simulated it (docs/previews.md). */
  'pay.simulation.title': 'What will happen',
  'pay.simulation.checking': 'Checking what this payment will do…',
  'pay.simulation.send': 'You send',
  'pay.simulation.receive': 'You receive',
  'pay.simulation.allowance': 'Allowance',
  /** An allowance the transaction grants; `{spender}` is a shortened address. */
  'pay.simulation.allow': '{amount} {symbol} to {spender}',
  'pay.simulation.unlimited': 'Unlimited {symbol} to {spender}',
  'pay.simulation.all': 'All of {symbol} to {spender}',
  /** `{reason}` is the contract's own reason, untranslated. */
  'pay.simulation.reverts': 'This payment would fail: {reason}',
  'pay.simulation.unavailable': 'This network cannot preview the result',
} as const

export type ViewTexts = typeof viewTexts
