// The Swap view's second step: what the swap pays and receives, its simulation, the approval when the exchange may
// not spend enough yet (rules §4), and the swap.
import { formatNumber, formatUnits, showToast } from 'foyer'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { Button, SimulationSummary, simulationTexts } from 'foyer/ui'
import { approveSwapToken, swapTokens } from './swapActions.js'
import { updateSwapState, type SwapQuote, type SwapState, type SwapToken } from './swapState.js'
import { useSwapSimulation } from './swapSimulation.js'
import { QuoteDetails } from './QuoteDetails.js'
import type { SwapData } from './useSwapData.js'

/** The preview of a quoted swap, with the approval or the swap to confirm. */
export function SwapPreview(props: { state: SwapState; quote: SwapQuote; source: SwapToken; target: SwapToken; data: SwapData }) {
  const kernel = useKernel()
  const t = useTranslate()
  const { network } = useNetwork()
  const { state, quote, source, target } = props
  const simulation = useSwapSimulation(kernel, state)
  const reverts = typeof simulation === 'object' && simulation.status === 'reverts'
  const busy = state.signing !== undefined
  const run = (action: (kernel: Parameters<typeof swapTokens>[0]) => Promise<unknown>) => () => {
    void action(kernel).catch((reason: unknown) => kernel.logger.warn('The swap did not go through.', reason))
  }
  return (
    <div className="f-center">
      <dl className="f-list" aria-label={t('swap.preview')}>
        <dt className="f-muted">{t('swap.from')}</dt>
        <dd data-testid="swap-pay">
          {formatNumber(formatUnits(quote.fromAmount, source.decimals), 6, kernel.i18n.locale)} {source.symbol}
        </dd>
        <dt className="f-muted">{t('swap.to')}</dt>
        <dd data-testid="swap-receive">
          {formatNumber(formatUnits(quote.toAmount, target.decimals), 6, kernel.i18n.locale)} {target.symbol}
        </dd>
      </dl>
      <QuoteDetails
        quote={quote}
        source={source}
        target={target}
        tokens={Array.isArray(props.data.tokens) ? props.data.tokens : []}
        gasPrice={props.data.gasPrice}
        nativeSymbol={network?.nativeCurrency.symbol}
      />
      <SimulationSummary simulation={simulation} texts={simulationTexts(t, 'swap')} />
      {state.allowance === 'checking' && (
        <p className="f-muted" role="status">
          {t('swap.checkingAllowance')}
        </p>
      )}
      {state.allowance === 'insufficient' && <p className="f-muted">{t('swap.needsApproval', { symbol: source.symbol })}</p>}
      {state.signing && (
        <p className="f-muted" role="status">
          {state.signing === 'approve' ? t('swap.approving', { symbol: source.symbol }) : t('swap.swapping')}
        </p>
      )}
      {state.error && (
        <p className="f-error-text" role="alert">
          {state.error}
        </p>
      )}
      {state.allowance === 'insufficient' ? (
        <Button onClick={run(approveSwapToken)} loading={state.signing === 'approve'} disabled={busy || reverts}>
          {t('swap.approve', { symbol: source.symbol })}
        </Button>
      ) : (
        <Button
          onClick={run(async () => {
            await swapTokens(kernel)
            showToast(kernel, { message: t('swap.done'), variant: 'success' })
          })}
          loading={state.signing === 'swap'}
          disabled={busy || reverts || state.allowance !== 'sufficient'}
        >
          {t('swap.confirm')}
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={() => updateSwapState(kernel, { step: 'form', error: undefined, allowance: undefined })}
        disabled={busy}
      >
        {t('swap.back')}
      </Button>
    </div>
  )
}
