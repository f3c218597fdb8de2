// The receive plugin's manifest: a view id, a wallet action and texts. The view loads on demand.
import { definePlugin, type Plugin } from 'foyer'
import { en, type ReceiveMessages } from './locales.js'

declare module 'foyer' {
  interface ViewParams {
    Receive: undefined
  }
}

declare module 'foyer' {
  interface Features {
    /** The Receive action under the account. @default true */
    receive: boolean
  }
}

declare module 'foyer' {
  interface Messages extends ReceiveMessages {}
}

/**
 * Shows the connected address as a QR code and text, with copy, and the networks it receives on.
 * Gated by the `receive` feature (on by default, rules §9).
 *
 * @example
 * createKernel({ projectId, plugins: [evm({ networks }), receive()] })
 */
export function receive(): Plugin {
  return definePlugin({
    name: 'receive',
    flags: { receive: { default: true } },
    feature: 'receive',
    views: { Receive: { title: 'receive.title', load: () => import('./ReceiveView.js') } },
    slots: { 'wallet-features': [{ id: 'receive', label: 'receive.action', view: 'Receive' }] },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
  })
}
