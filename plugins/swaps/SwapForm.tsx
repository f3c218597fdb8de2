// The Swap view's first step: the tokens, the amount with Max, the quote that follows typing, and what stops a swap.
import { useEffect } from 'react'
import { formatNumber, formatUnits } from 'foyer'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { AmountField, Button, IconButton } from 'foyer/ui'
import { checkSwapAllowance, isNative, setSwapInput } from './swapActions.js'
import { updateSwapState, type SwapState } from './swapState.js'
import { parseUnits } from './units.js'
import { QuoteDetails } from './QuoteDetails.js'
import { SwapTokenPicker } from './SwapTokenPicker.js'
import { balanceText, fiatText, FiatValue, TokenBalance } from './swapFigures.js'
import type { SwapData } from './useSwapData.js'

/** The gas a swap is assumed to need before a quote says how much. */
const SWAP_GAS_GUESS = 200_000n

/** The form: the token to pay with and the one to receive, the amount, the quote and its details. */
export function SwapForm({ state, data }: { state: SwapState; data: SwapData }) {
  const kernel = useKernel()
  const { locale } = kernel.i18n
  const t = useTranslate()
  const { network } = useNetwork()
  const tokens = Array.isArray(data.tokens) ? data.tokens : []
  const { sourceToken: source, toToken: target, quote } = state
  // The coin is what most visitors pay with: chosen until they pick another.
  useEffect(() => {
    if (!state.sourceToken && tokens[0]) setSwapInput(kernel, { sourceToken: tokens[0] })
  }, [kernel, state.sourceToken, tokens[0]])

  const amount = source ? parseUnits(state.sourceTokenAmount, source.decimals) : undefined
  const held = source ? data.balances?.[source.address] : undefined
  const invalid = state.sourceTokenAmount.trim() !== '' && amount === undefined
  const insufficient = amount !== undefined && held !== undefined && amount > held
  // Paying with the coin, what the swap's gas may cost at the standard price must stay in the account.
  const native = source !== undefined && isNative(source.address)
  const fee = native && data.gasPrice !== undefined ? (quote?.gas ?? SWAP_GAS_GUESS) * data.gasPrice : undefined
  const noFee = !insufficient && amount !== undefined && held !== undefined && fee !== undefined && amount + fee > held
  const max = () => {
    if (!source || held === undefined) return
    // Twice the fee: the price may rise between the quote and the block.
    const reserve = fee === undefined ? 0n : fee * 2n
    setSwapInput(kernel, { sourceTokenAmount: formatUnits(held > reserve ? held - reserve : 0n, source.decimals) })
  }
  const problem = invalid
    ? t('swap.error.amount')
    : insufficient
      ? t('swap.error.balance')
      : noFee
        ? t('swap.error.gas', { symbol: network?.nativeCurrency.symbol ?? source?.symbol ?? '' })
        : state.quoteError

  return (
    <div className="f-center">
      <section aria-label={t('swap.from')} className="f-list">
        <SwapTokenPicker
          label={t('swap.fromToken')}
          data={data}
          selected={source}
          onChoose={(token) => setSwapInput(kernel, { sourceToken: token })}
        />
        <AmountField
          label={t('swap.amount')}
          value={state.sourceTokenAmount}
          onChange={(sourceTokenAmount) => setSwapInput(kernel, { sourceTokenAmount })}
          // On the coin Max waits for the gas price, so it never leaves the fee out.
          max={{ label: t('swap.max'), onClick: max, disabled: !source || held === undefined || (native && fee === undefined) }}
          balance={balanceText(t, source, data.balances, locale)}
          fiat={fiatText(amount, source, data.prices, locale)}
          invalid={Boolean(problem && !state.quoteError)}
          balanceTestId="swap-from-balance"
          fiatTestId="swap-from-value"
        />
      </section>
      <IconButton
        label={t('swap.flip')}
        disabled={!source || !target}
        onClick={() => setSwapInput(kernel, { sourceToken: target, toToken: source })}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M7 3.5v13M3.5 7 7 3.5 10.5 7M13 16.5v-13M9.5 13l3.5 3.5 3.5-3.5" />
        </svg>
      </IconButton>
      <section aria-label={t('swap.to')} className="f-list">
        <SwapTokenPicker
          label={t('swap.toToken')}
          data={data}
          selected={target}
          onChoose={(token) => setSwapInput(kernel, { toToken: token })}
        />
        <TokenBalance token={target} balances={data.balances} testId="swap-to-balance" />
        {state.quoteLoading ? (
          <p className="f-muted" role="status">
            {t('swap.quoting')}
          </p>
        ) : (
          quote &&
          target && (
            <>
              <p className="f-section-title" data-testid="swap-output">
                {t('swap.output', {
                  amount: formatNumber(formatUnits(quote.toAmount, target.decimals), 6, kernel.i18n.locale),
                  symbol: target.symbol,
                })}
              </p>
              <FiatValue amount={quote.toAmount} token={target} prices={data.prices} testId="swap-to-value" />
            </>
          )
        )}
      </section>
      {quote && source && target && !state.quoteLoading && (
        <QuoteDetails
          quote={quote}
          source={source}
          target={target}
          tokens={tokens}
          gasPrice={data.gasPrice}
          nativeSymbol={network?.nativeCurrency.symbol}
        />
      )}
      {problem && (
        <p className="f-error-text" role="alert">
          {problem}
        </p>
      )}
      <Button
        disabled={!quote || state.quoteLoading || invalid || insufficient || noFee}
        onClick={() => {
          updateSwapState(kernel, { step: 'preview', error: undefined })
          void checkSwapAllowance(kernel)
        }}
      >
        {t('swap.preview')}
      </Button>
    </div>
  )
}
