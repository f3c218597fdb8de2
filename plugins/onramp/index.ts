// The onramp plugin's manifest: a wallet action, the OnRamp and BuyInProgress views (available only where a
// blockchain API answers the on-ramp calls, and never for visitors in rules §6's restricted time zones), its events and
// texts. The views, the client and the actions load on demand.
import { definePlugin, whenViewLeaves, type Kernel, type Plugin } from 'foyer'
import { en, type OnrampMessages } from './locales.js'
import type { OnrampState } from './onrampState.js'
import { isRestrictedTimeZone, visitorTimeZone } from './restrictedTimeZones.js'

declare module 'foyer' {
  interface ViewParams {
    /** Buy crypto: the token, the currency and amount to pay, the providers' quotes. */
    OnRamp: undefined
    /** The order of the open checkout, followed until the funds arrive. */
    BuyInProgress: undefined
  }
}

declare module 'foyer' {
  interface Features {
    /** The Buy action under the account (rules §9: a default remote feature). @default true; the remote project configuration may set it */
    onramp: boolean
  }
}

declare module 'foyer' {
  interface Messages extends OnrampMessages {}
}

declare module 'foyer' {
  interface FoyerState {
    onramp: OnrampState
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** A provider's checkout opened for an order. */
    'onramp:checkout-opened': { orderId: string; provider: string; networkId: string }
    /** The provider paid the order: the funds are in the wallet (amount as decimal text). */
    'onramp:succeeded': {
      orderId: string
      provider: string
      networkId: string
      hash: string
      purchaseAmount: string
      purchaseCurrency: string
    }
    /** The provider took the payment but could not deliver. */
    'onramp:failed': { orderId: string; provider: string; reason: string }
  }
}

export type { OnrampState } from './onrampState.js'
export type { OnrampApi, OnrampOptions, OnrampOrder, OnrampProvider, OnrampQuote } from './onrampApi.js'
export { RESTRICTED_TIME_ZONES } from './restrictedTimeZones.js'

// Here, not beside the state's type: the lazy chunks import that module, and sharing it would split a chunk off.
const INITIAL_ONRAMP_STATE: OnrampState = {
  paymentCurrency: 'USD',
  amount: '',
  paymentMethod: 'card',
  quotes: {},
  quoteErrors: {},
  quotesLoading: false,
}

export interface OnrampPluginOptions {
  /**
   * The visitor's IANA time zone; rules §6: in mainland China, Hong Kong or Macau the on-ramp is not offered.
   * @default the browser's (`Intl.DateTimeFormat().resolvedOptions().timeZone`)
   */
  timeZone?: string
}

/**
 * Buying crypto through an on-ramp provider (rules §1: meld and coinbase) behind the blockchain API's on-ramp calls (rules §7,
 * `services.api`): a Buy action under the account, the token and the currency to pay with, each provider's quote
 * (rules §4: loading flag, selected provider, error), the provider's checkout in a window of its own (600×800), then a
 * view that follows the order until the funds arrive ('balances:changed'). EVM and Solana (rules §6). Gated by the
 * `onramp` feature; hidden in rules §6's restricted time zones.
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), onramp()] })
 */
export function onramp(options: OnrampPluginOptions = {}): Plugin {
  const restricted = () => isRestrictedTimeZone(options.timeZone ?? visitorTimeZone())
  // Never in a restricted time zone, and only where a blockchain API answers the on-ramp calls.
  const available = (kernel: Kernel) => !restricted() && Boolean(kernel.options.services.api)
  return definePlugin({
    name: 'onramp',
    flags: { onramp: { default: true, remote: true } },
    feature: 'onramp',
    views: {
      OnRamp: { title: 'onramp.title', available, load: () => import('./OnRampView.js') },
      BuyInProgress: { title: 'onramp.progressTitle', available, load: () => import('./BuyInProgressView.js') },
    },
    slots: { 'wallet-features': [{ id: 'onramp', label: 'onramp.action', view: 'OnRamp' }] },
    // The rest of the English texts load with the views (texts.ts); the Account view needs only these.
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      // Without the views the Account view hides the entry.
      if (restricted()) return
      if (!available(kernel)) {
        kernel.logger.warn('onramp() needs `services.api`, the blockchain API that answers the on-ramp calls: buying is off.')
        return
      }
      kernel.store.addSlice('onramp', INITIAL_ONRAMP_STATE)
      // The checkout starts over once both views leave the modal (back, close); the order is still followed.
      const stopWatching = whenViewLeaves(kernel, ['OnRamp', 'BuyInProgress'], () =>
        kernel.store.update('onramp', (state) => ({ ...state, checkout: undefined, checkoutUrl: undefined, error: undefined })),
      )
      return () => {
        stopWatching()
        kernel.store.removeSlice('onramp')
      }
    },
  })
}
