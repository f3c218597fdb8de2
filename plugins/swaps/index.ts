// The swaps plugin's manifest: a wallet action offered on the swap networks, the Swap view (available only where a
// chain can send transactions and a blockchain API answers the convert calls) and its texts. The view, the convert
// client and every action load on demand.
import { definePlugin, whenViewLeaves, type Kernel, type Plugin } from 'foyer'
import { en, type SwapMessages } from './locales.js'
import type { SwapState } from './swapState.js'
import { SWAP_NETWORKS } from 'foyer/protocol'

declare module 'foyer' {
  interface ViewParams {
    /** rules §2: swap one token of the connected account for another. */
    Swap: undefined
  }
  interface Features {
    /** The Swap action under the account, on the swap networks. @default true; the remote project configuration may set it */
    swaps: boolean
  }
  interface Messages extends SwapMessages {}
  interface FoyerState {
    swaps: SwapState
  }
  interface FoyerEvents {
    /** A swap was mined: what was paid and the quote it followed (amounts in the smallest unit, tokens CAIP-10). */
    'swaps:succeeded': { networkId: string; hash: string; from: string; to: string; fromAmount: string; toAmount: string }
  }
}

export type { SwapQuote, SwapState, SwapToken } from './swapState.js'
export type { ConvertApi, SwapTransaction } from './convertApi.js'

/**
 * Where swaps are offered (rules §6: the 12 networks, then the local chains of `npm start`), CAIP-2: the protocol
 * layer's list, the same `services/api` answers the convert calls for.
 */
export { SWAP_NETWORKS }

/**
 * Swaps on an exchange behind the blockchain API's convert calls (rules §7, `services.api`): a Swap action under the
 * account on the swap networks, pickers with balances, a quote that follows typing (rules §9: 500 ms debounce, 1 %
 * slippage), a preview, the approval when the exchange may not spend enough yet (rules §4), the swap, the result. Needs a
 * chain with the `sendTransaction` and `readContract` capabilities (EVM). Gated by the `swaps` feature.
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), swaps()] })
 */
export function swaps(): Plugin {
  // Offered where a chain here sends transactions and a blockchain API answers the convert calls.
  const available = (kernel: Kernel) => kernel.chains.withCapability('sendTransaction').length > 0 && Boolean(kernel.options.services.api)
  return definePlugin({
    name: 'swaps',
    flags: { swaps: { default: true, remote: true } },
    feature: 'swaps',
    views: { Swap: { title: 'swap.title', available, load: () => import('./SwapView.js') } },
    slots: {
      'wallet-features': [{ id: 'swaps', label: 'swap.action', view: 'Swap', capability: 'sendTransaction', networks: SWAP_NETWORKS }],
    },
    // The rest of the English texts load with the view (texts.ts); the Account view needs only these.
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      // Without the view the Account view hides the entry: no chain here sends transactions, or no service quotes.
      if (kernel.chains.withCapability('sendTransaction').length === 0) return
      if (!available(kernel)) {
        kernel.logger.warn('swaps() needs `services.api`, the blockchain API that answers the convert calls: swaps are off.')
        return
      }
      kernel.store.addSlice('swaps', { sourceTokenAmount: '', quoteLoading: false, step: 'form' })
      // The view starts over once Swap leaves the modal (back, close), not while a view sits over it.
      const stopWatching = whenViewLeaves(kernel, ['Swap'], () =>
        kernel.store.update('swaps', (state) => ({ ...state, step: 'form', hash: undefined, error: undefined, allowance: undefined })),
      )
      return () => {
        stopWatching()
        kernel.store.removeSlice('swaps')
      }
    },
  })
}
