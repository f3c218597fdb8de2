// A quote's details, shown under the form and again in the preview.
import { formatNumber, formatUnits, shortenAddress } from 'foyer'
import { useKernel, useTranslate } from 'foyer/react'
import { SLIPPAGE_PERCENT } from './swapActions.js'
import type { SwapQuote, SwapToken } from './swapState.js'

/** Rate, price impact, fees, network fee, slippage and the minimum received. */
export function QuoteDetails(props: {
  quote: SwapQuote
  source: SwapToken
  target: SwapToken
  tokens: SwapToken[]
  gasPrice?: bigint
  nativeSymbol?: string
}) {
  const t = useTranslate()
  const { locale } = useKernel().i18n
  const { quote, source, target } = props
  const paid = Number(formatUnits(quote.fromAmount, source.decimals))
  const received = Number(formatUnits(quote.toAmount, target.decimals))
  const symbolOf = (address: string) =>
    props.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase())?.symbol ??
    shortenAddress(address.split(':').at(-1)!)
  const fee = quote.gas !== undefined && props.gasPrice !== undefined ? quote.gas * props.gasPrice : undefined
  return (
    <dl className="f-list" aria-label={t('swap.preview')} data-testid="swap-details">
      <dt className="f-muted">{t('swap.rateLabel')}</dt>
      <dd data-testid="swap-rate">
        {t('swap.rate', { from: source.symbol, amount: formatNumber(paid > 0 ? received / paid : 0, 6), to: target.symbol })}
      </dd>
      {quote.priceImpact !== undefined && (
        <>
          <dt className="f-muted">{t('swap.priceImpact')}</dt>
          <dd data-testid="swap-price-impact">{formatNumber(quote.priceImpact, 2)} %</dd>
        </>
      )}
      {quote.fees.length > 0 && (
        <>
          <dt className="f-muted">{t('swap.poolFee')}</dt>
          <dd data-testid="swap-pool-fee">{quote.fees.map((poolFee) => `${poolFee.percent} % (${symbolOf(poolFee.token)})`).join(', ')}</dd>
        </>
      )}
      {fee !== undefined && (
        <>
          <dt className="f-muted">{t('swap.networkFee')}</dt>
          <dd data-testid="swap-network-fee">
            {formatNumber(formatUnits(fee, 18), 6, locale)} {props.nativeSymbol}
          </dd>
        </>
      )}
      <dt className="f-muted">{t('swap.slippage')}</dt>
      <dd data-testid="swap-slippage">{SLIPPAGE_PERCENT} %</dd>
      <dt className="f-muted">{t('swap.minimum')}</dt>
      <dd data-testid="swap-minimum">
        {formatNumber(formatUnits((quote.toAmount * BigInt(100 - SLIPPAGE_PERCENT)) / 100n, target.decimals), 6, locale)} {target.symbol}
      </dd>
      <dt className="f-muted">{t('swap.route')}</dt>
      <dd data-testid="swap-route">{quote.route.map(symbolOf).join(' → ')}</dd>
    </dl>
  )
}
