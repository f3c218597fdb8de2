// The Swap view: one file per step (SwapForm, SwapPreview, SwapDone), its data from useSwapData.
import { useAccount, useFoyerState, useNetwork, useTranslate } from 'foyer/react'
import { SwapDone } from './SwapDone.js'
import { SwapForm } from './SwapForm.js'
import { SwapPreview } from './SwapPreview.js'
import { useSwapData } from './useSwapData.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * The Swap view (rules §2): the token to pay with and the one to receive, each with the account's balance; the amount with
 * Max; a quote that follows typing (rules §9: 500 ms after the last change) with the output, rate, price impact, fees and
 * the 1 % slippage; then a preview, the approval when the exchange may not spend enough yet (rules §4), the swap and its
 * hash. The state lives in the store's `swaps` slice.
 */
export default function SwapView() {
  const t = useTranslate()
  const { address, namespace } = useAccount()
  const { networkId } = useNetwork()
  const state = useFoyerState((foyer) => foyer.swaps)
  const data = useSwapData({ address, namespace, networkId })

  if (!address || !namespace || !networkId) return <p className="f-muted">{t('swap.notConnected')}</p>
  if (state.step === 'done') return <SwapDone hash={state.hash} />
  if (state.step === 'preview' && state.quote && state.sourceToken && state.toToken) {
    return <SwapPreview state={state} quote={state.quote} source={state.sourceToken} target={state.toToken} data={data} />
  }
  return <SwapForm state={state} data={data} />
}
