// The swaps plugin's manifest: a wallet action offered on the swap networks, the Swap view (registered only where a
// chain can send transactions and a blockchain API answers the convert calls) and its texts. The view, the convert
// client and every action load on demand.
import { definePlugin, type Plugin } from 'foyer'
import type { SwapMessages } from './locales.js'
import type { SwapState } from './swapState.js'
import { SWAP_NETWORKS as swapNetworks } from './swapNetworks.mjs'

declare module 'foyer' {
  interface ViewParams {
    /** §2: swap one token of the connected account for another. */
    Swap: undefined
  }
}

declare module 'foyer' {
  interface Features {
    /** The Swap action under the account, on the swap networks. @default true; the remote project configuration may set it */
    swaps: boolean
  }
}

declare module 'foyer' {
  interface Messages extends SwapMessages {}
}

declare module 'foyer' {
  interface FoyerState {
    swaps: SwapState
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** A swap was mined: what was paid and the quote it followed (amounts in the smallest unit, tokens CAIP-10). */
    'swaps:succeeded': { networkId: string; hash: string; from: string; to: string; fromAmount: string; toAmount: string }
  }
}

export type { SwapQuote, SwapState, SwapToken } from './swapState.js'
export type { ConvertApi, SwapTransaction } from './convertApi.js'

/**
 * Where swaps are offered (§6: the 12 networks, then the local chains of `npm start`), CAIP-2. The same list
 * `services/api` answers the convert calls for (both read `plugins/swaps/swapNetworks.mjs`).
 */
export const SWAP_NETWORKS: readonly string[] = Object.freeze([...swapNetworks])

/**
 * Swaps on an exchange behind the blockchain API's convert calls (§7, `services.api`): a Swap action under the
 * account on the swap networks, pickers with balances, a quote that follows typing (§9: 500 ms debounce, 1 %
 * slippage), a preview, the approval when the exchange may not spend enough yet (§4), the swap, the result. Needs a
 * chain with the `sendTransaction` and `readContract` capabilities (EVM). Gated by the `swaps` feature.
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), swaps()] })
 */
export function swaps(): Plugin {
  return definePlugin({
    name: 'swaps',
    flags: { swaps: { default: true, remote: true } },
    feature: 'swaps',
    slots: { 'wallet-features': [{ id: 'swaps', label: 'swap.action', view: 'Swap', capability: 'sendTransaction', networks: SWAP_NETWORKS }] },
    // The rest of the English texts load with the view (locales.ts); the Account view needs only these.
    locales: { en: { 'swap.title': 'Swap', 'swap.action': 'Swap' }, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      // Without a view the Account view hides the entry: no chain here sends transactions, or no service quotes.
      if (kernel.chains.withCapability('sendTransaction').length === 0) return
      if (!kernel.options.services.api) {
        kernel.logger.warn('swaps() needs `services.api`, the blockchain API that answers the convert calls: swaps are off.')
        return
      }
      kernel.store.addSlice('swaps', { sourceTokenAmount: '', quoteLoading: false, step: 'form' })
      const unregister = kernel.views.register('Swap', { title: 'swap.title', feature: 'swaps', load: () => import('./SwapView.js') })
      // The view starts over once Swap leaves the modal (back, close), not while a view sits over it.
      const stopWatching = kernel.store.select(
        (state) => state.router.history.some((entry) => entry.view === 'Swap'),
        (shown) => {
          if (!shown) kernel.store.update('swaps', (state) => ({ ...state, step: 'form', hash: undefined, error: undefined, allowance: undefined }))
        },
      )
      return () => {
        stopWatching()
        unregister()
        kernel.store.removeSlice('swaps')
      }
    },
  })
}
