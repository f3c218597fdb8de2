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
} as const

export type ViewTexts = typeof viewTexts
