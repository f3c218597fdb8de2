import type { Kernel } from 'foyer'

/**
 * English for the onramp views; `{amount}`, `{symbol}`, `{provider}` … are filled in at run time. It loads with the
 * views (the manifest carries only the titles and the action: locales.ts): each view's module re-exports it as `texts`, which
 * the kernel adds as it loads, under whatever the host set (`messages`), which wins; the on-ramp actions, which word
 * errors outside the views, add it through `addOnrampTexts`.
 */
export const viewTexts = {
  'onramp.token': 'Token to buy',
  /** The search field of a long list. */
  'onramp.search': 'Search',
  'onramp.noMatch': 'Nothing matches',
  'onramp.fiat': 'Currency to pay with',
  'onramp.amount': 'Amount to pay',
  'onramp.method': 'Payment method',
  /** Payment method ids as the providers name them. */
  'onramp.method.card': 'Card',
  'onramp.method.ach_bank_account': 'Bank account',
  'onramp.limits': 'Between {min} and {max} {currency}',
  'onramp.providers': 'Providers',
  'onramp.quoting': 'Getting quotes…',
  /** A provider's offer: what the amount buys, after the fee. */
  'onramp.receive': '{amount} {symbol}',
  'onramp.fee': 'Fee {amount} {currency}',
  'onramp.noQuote': 'No quote',
  'onramp.provider.meld': 'Meld',
  'onramp.provider.coinbase': 'Coinbase',
  'onramp.buy': 'Continue with {provider}',
  /** The main button before any provider has a quote. */
  'onramp.continue': 'Continue',
  'onramp.opening': 'Opening the checkout…',
  'onramp.notConnected': 'Connect a wallet to buy crypto.',
  'onramp.unsupported': 'Buying crypto is not available on this network.',
  'onramp.loadFailed': 'The on-ramp could not be loaded. Try again later.',
  'onramp.error.amount': 'Enter an amount between {min} and {max} {currency}',
  /** The amount is not written as plain digits with an optional decimal point ('1e2', '50,25'). */
  'onramp.error.number': 'Enter the amount in digits, such as 50 or 50.25',
  /** More than 2 decimals ('50.005'). */
  'onramp.error.decimals': 'Use at most 2 decimals',
  'onramp.error.checkout': 'The checkout could not be opened',
  /** The buy view, while the provider's window is open. */
  'onramp.waiting': 'Complete the purchase in the {provider} window.',
  'onramp.blocked': 'Your browser blocked the checkout window.',
  'onramp.openCheckout': 'Open the checkout',
  'onramp.paying': 'Payment received. {amount} {symbol} is on its way to your wallet.',
  'onramp.paid': '{amount} {symbol} arrived in your wallet.',
  'onramp.failed': 'The purchase could not be delivered: {reason}',
  'onramp.cancelled': 'The purchase was cancelled.',
  'onramp.closed': 'The checkout was closed without paying.',
  'onramp.hash': 'Transaction',
  'onramp.again': 'Buy again',
  'onramp.back': 'Back',
} as const

export type ViewTexts = typeof viewTexts

/** Adds the views' English texts to the kernel, under the host's own; once is enough, again costs nothing. */
export function addOnrampTexts(kernel: Kernel): void {
  kernel.i18n.addDefaults('en', viewTexts)
}
