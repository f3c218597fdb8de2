// The pay plugin's manifest: the Pay view (a requestable view: it answers `pay`'s request), the `pay` action, its
// events and texts. The view, and paying through Send's api, load on demand.
import { definePlugin, type Plugin } from 'foyer'
import { en, type PayMessages } from './locales.js'
import type { PayParameters, PayResult } from './payParameters.js'

declare module 'foyer' {
  interface ViewParams {
    /** Pay a recipient an amount of an asset, from the connected wallet. */
    Pay: PayParameters
  }
}

declare module 'foyer' {
  interface ViewResults {
    Pay: PayResult
  }
}

declare module 'foyer' {
  interface Features {
    /** Payments through `pay(kernel, params)` (rules §9: off unless the host turns it on). @default false */
    pay: boolean
  }
}

declare module 'foyer' {
  interface Messages extends PayMessages {}
}

declare module 'foyer' {
  interface FoyerEvents {
    /** `pay` was called with valid parameters; the Pay view opens. */
    'pay:started': { recipient: string; amount: string; asset: string }
    /** The payment was confirmed. */
    'pay:succeeded': { recipient: string; amount: string; asset: string; hash: string; via: 'wallet' | 'exchange'; networkId: string }
    /** The payment failed or the visitor left it; `message` says why. */
    'pay:failed': { recipient: string; amount: string; asset: string; message: string }
  }
}

export { pay } from './payAction.js'
export type { PayErrorType, PayReturnType } from './payAction.js'
export { InvalidPayParametersError, parsePayParameters } from './payParameters.js'
export type { ParsedAsset, PayParameters, PayResult } from './payParameters.js'

/**
 * Payments (rules §2 'pay'): a host calls `pay(kernel, { recipient, amount, asset })` (or `usePay` from
 * `foyer/plugins/pay/react`) and gets a promise of `{ status, hash, via }`. The Pay view shows what is asked and pays
 * from the connected wallet through Send's transfer (`pluginApi(kernel, 'send')`), switching to the asset's network
 * first. Needs `send()`; gated by the `pay` feature, off by default (rules §9).
 *
 * @example
 * createKernel({ projectId, features: { pay: true }, plugins: [evm({ networks }), send(), payPlugin()] })
 * const { hash } = await pay(kernel, { recipient, amount: '10', asset: 'eip155:1/erc20:0xA0b86991…' })
 */
export function payPlugin(): Plugin {
  return definePlugin({
    name: 'pay',
    requires: ['send'],
    flags: { pay: { default: false } },
    feature: 'pay',
    views: { Pay: { title: 'pay.title', load: () => import('./PayView.js') } },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
  })
}
