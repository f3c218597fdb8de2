import type { Kernel } from 'foyer'
import type { OnrampOrder, OnrampProvider, OnrampQuote } from './onrampApi.js'

/**
 * The on-ramp's state (rules §4: quotes loading flag, selected provider, error), in the store's `onramp` slice: what the
 * visitor wants to buy and pay with, each provider's quote, and the order the buy view follows.
 */
export interface OnrampState {
  /** The purchase currency's id ('USDC'); the default is the first the options sell on the network (rules §3: USDC). */
  purchaseCurrency?: string
  /** The payment currency's id. */
  paymentCurrency: string
  /** Decimal text as typed, in the payment currency. */
  amount: string
  paymentMethod: string
  /** The last quote of each provider for the inputs above. */
  quotes: Partial<Record<OnrampProvider, OnrampQuote>>
  /** rules §8: a provider whose quote failed has the error's message here. */
  quoteErrors: Partial<Record<OnrampProvider, string>>
  /** rules §4: true from the first keystroke until every provider answered. */
  quotesLoading: boolean
  /** rules §4: the provider chosen to buy from; the cheapest until the visitor picks another. */
  selectedProvider?: OnrampProvider
  /** rules §4: why the amount cannot be quoted, or why the checkout could not open. */
  error?: string
  /** The order of the open or last checkout, as last read. */
  order?: OnrampOrder
  /** The checkout window: being opened, open, closed by the visitor, or blocked (the view then offers a link). */
  checkout?: 'opening' | 'open' | 'closed' | 'blocked'
  /** The checkout's URL, for the link when the window was blocked. */
  checkoutUrl?: string
}

/** Changes part of the on-ramp state. Without the onramp plugin's slice it does nothing. */
export function updateOnrampState(kernel: Kernel, patch: Partial<OnrampState>): void {
  if (!('onramp' in kernel.store.getState())) return
  kernel.store.update('onramp', (state) => ({ ...state, ...patch }))
}
