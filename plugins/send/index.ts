// The send plugin's manifest: a wallet action, its view (available only where a chain can
// transfer) and texts. The view, the action and the chains' transfer code load on demand.
import { definePlugin, whenViewLeaves, type Kernel, type Plugin } from 'foyer'
import { en, type SendMessages } from './locales.js'
import type { SendState } from './sendState.js'
import type { SendEventPayload, SendTokenParameters, SendTokenReturnType } from './sendToken.js'
import type { SimulateTransferParameters } from './sendSimulation.js'
import type { Simulation } from 'foyer/protocol'

declare module 'foyer' {
  interface ViewParams {
    Send: undefined
  }
}

declare module 'foyer' {
  interface Features {
    /** The Send action under the account. @default true */
    send: boolean
  }
}

declare module 'foyer' {
  interface PluginApis {
    send: SendApi
  }
}

declare module 'foyer' {
  interface Messages extends SendMessages {}
}

declare module 'foyer' {
  interface FoyerState {
    send: SendState
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** rules §4 tracking: SEND_INITIATED, before the wallet is asked to sign. */
    'send:initiated': SendEventPayload
    /** rules §4 tracking: SEND_SUCCESS, once the network confirmed the transfer. */
    'send:succeeded': SendEventPayload
  }
}

export type { SendEventPayload, SendTokenParameters, SendTokenReturnType } from './sendToken.js'
export type { SendState } from './sendState.js'
export type { SimulateTransferParameters } from './sendSimulation.js'

/** What the send plugin offers other plugins through `pluginApi(kernel, 'send')` (Pay sends with it). */
export interface SendApi {
  /** `sendToken` from the plugin's lazy chunk: validates, asks the wallet to sign, emits the rules §4 events. */
  sendToken(kernel: Kernel, params: SendTokenParameters): Promise<SendTokenReturnType>
  /**
   * What that transfer would do, simulated by the network's node (docs/previews.md); undefined where the connected
   * chain cannot simulate. Pay's preview.
   */
  simulateTransfer(kernel: Kernel, params: SimulateTransferParameters): Promise<Simulation | undefined>
}

/** The send form before the visitor types anything (rules §3). Here, not in sendState.ts: that is the view's and
 * `sendToken`'s, and the manifest importing it would put it beside the manifest in a host's first paint, a file of its own. */
const INITIAL_SEND_STATE: SendState = Object.freeze({ sendTokenAmount: '', receiverAddress: '', loading: false, step: 'form' })

/**
 * Sends the native coin or a token from the connected account: a token picker from the account's
 * balances, amount with Max, receiver, a preview, then the wallet's signature (rules §3, §4). Gated by the
 * `send` feature, and offered only when a chain has the `transfer` capability (style 10).
 *
 * @example
 * createKernel({ projectId, plugins: [evm({ networks }), send()] })
 */
export function send(): Plugin {
  // Offered only where a chain here can transfer.
  const available = (kernel: Kernel) => kernel.chains.withCapability('transfer').length > 0
  return definePlugin({
    name: 'send',
    flags: { send: { default: true } },
    feature: 'send',
    // The action loads with its caller's first use, never with the manifest (style 3).
    api: {
      sendToken: async (kernel, params) => (await import('./sendToken.js')).sendToken(kernel, params),
      simulateTransfer: async (kernel, params) => (await import('./sendSimulation.js')).simulateTransfer(kernel, params),
    },
    views: { Send: { title: 'send.title', available, load: () => import('./SendView.js') } },
    // The entry shows only while the connected chain can transfer.
    slots: { 'wallet-features': [{ id: 'send', label: 'send.action', view: 'Send', capability: 'transfer' }] },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      // Without the view the Account view hides the entry, and the form has nothing to keep.
      if (!available(kernel)) return
      kernel.store.addSlice('send', INITIAL_SEND_STATE)
      // The view's step starts over once Send leaves the modal (back, close), not while a view sits over it.
      const stopWatching = whenViewLeaves(kernel, ['Send'], () =>
        kernel.store.update('send', (state) => ({ ...state, step: 'form', hash: undefined, error: undefined })),
      )
      return () => {
        stopWatching()
        kernel.store.removeSlice('send')
      }
    },
  })
}
