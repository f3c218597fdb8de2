import { useEffect } from 'react'
import type { CaipNetworkId } from 'foyer'
import { formatBalance, formatFiat, formatNumber, formatUnits, shortenAddress, showToast } from 'foyer'
import { transactionUrl } from 'foyer/query'
import { useAccount, useFoyerState, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import {
  AmountField,
  Button,
  IconButton,
  SimulationSummary,
  Skeleton,
  TokenPicker,
  WalletImage,
  simulationTexts,
  type TokenOption,
} from 'foyer/ui'
import { approveSwapToken, checkSwapAllowance, isNative, setSwapInput, SLIPPAGE_PERCENT, swapTokens } from './swapActions.js'
import { gasPriceQuery, swapBalancesQuery, swapPricesQuery, swapTokensQuery } from './swapQueries.js'
import { updateSwapState, type SwapQuote, type SwapState, type SwapToken } from './swapState.js'
import { useSwapSimulation } from './swapSimulation.js'
import { parseUnits } from './units.js'
import { addSwapTexts } from './texts.js'

/** The gas a swap is assumed to need before a quote says how much. */
const SWAP_GAS_GUESS = 200_000n

/** What the view knows about the account's tokens and the network fee. */
interface SwapData {
  tokens: SwapToken[] | 'loading' | 'error'
  balances?: Record<string, bigint>
  gasPrice?: bigint
  /** USD by CAIP-10 id, for the tokens the service prices. */
  prices?: Record<string, number>
}

/**
 * The Swap view (rules §2): the token to pay with and the one to receive, each with the account's balance; the amount with
 * Max; a quote that follows typing (rules §9: 500 ms after the last change) with the output, rate, price impact, fees and
 * the 1 % slippage; then a preview, the approval when the exchange may not spend enough yet (rules §4), the swap and its
 * hash. The state lives in the store's `swaps` slice.
 */
export default function SwapView() {
  addSwapTexts(useKernel())
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

function SwapForm({ state, data }: { state: SwapState; data: SwapData }) {
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

/** An amount's worth in USD (rules §5: 2 decimals), where the service prices the token. */
function fiatText(amount: bigint | undefined, token: SwapToken | undefined, prices: SwapData['prices'], locale: string) {
  const price = token && prices?.[token.address]
  if (amount === undefined || !token || price === undefined) return undefined
  return formatFiat(Number(formatUnits(amount, token.decimals)) * price, 'USD', locale)
}

function FiatValue(props: { amount?: bigint; token?: SwapToken; prices?: Record<string, number>; testId: string }) {
  const { locale } = useKernel().i18n
  const text = fiatText(props.amount, props.token, props.prices, locale)
  if (text === undefined) return null
  return (
    <p className="f-muted" data-testid={props.testId}>
      {text}
    </p>
  )
}

/** 'Balance: 1.5 ETH', once the balance is read. */
function balanceText(t: ReturnType<typeof useTranslate>, token: SwapToken | undefined, balances: SwapData['balances'], locale: string) {
  const held = token ? balances?.[token.address] : undefined
  if (!token || held === undefined) return undefined
  return t('swap.balance', { amount: formatBalance(formatUnits(held, token.decimals), locale), symbol: token.symbol })
}

function SwapTokenPicker(props: { label: string; data: SwapData; selected?: SwapToken; onChoose(token?: SwapToken): void }) {
  const t = useTranslate()
  const { locale } = useKernel().i18n
  const { network } = useNetwork()
  const { tokens, balances, prices } = props.data
  const list = Array.isArray(tokens) ? tokens : []
  const asOption = (token: SwapToken): TokenOption => {
    const held = balances?.[token.address]
    return {
      key: token.address,
      symbol: token.symbol,
      name: token.name,
      network: network?.name,
      icon: <WalletImage src={token.logoUri} name={token.symbol} size={28} />,
      balance: held === undefined ? undefined : formatBalance(formatUnits(held, token.decimals), locale),
      fiat: fiatText(held, token, prices, locale),
    }
  }
  if (tokens === 'loading') return <Skeleton height={44} />
  return (
    <>
      <TokenPicker
        label={props.label}
        placeholder={t('swap.chooseToken')}
        searchLabel={t('swap.search')}
        noMatch={t('swap.noMatch')}
        options={list.map(asOption)}
        value={props.selected && asOption(props.selected)}
        onChange={(option) => props.onChoose(list.find((token) => token.address === option.key))}
      />
      {tokens === 'error' && (
        <p className="f-error-text" role="alert">
          {t('swap.error.tokens')}
        </p>
      )}
    </>
  )
}

function TokenBalance({ token, balances, testId }: { token?: SwapToken; balances?: Record<string, bigint>; testId: string }) {
  const t = useTranslate()
  const { locale } = useKernel().i18n
  const held = token ? balances?.[token.address] : undefined
  if (!token || held === undefined) return null
  return (
    <p className="f-muted" data-testid={testId}>
      {t('swap.balance', { amount: formatBalance(formatUnits(held, token.decimals), locale), symbol: token.symbol })}
    </p>
  )
}

/** Rate, price impact, fees, network fee, slippage and the minimum received. */
function QuoteDetails(props: {
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

function SwapPreview(props: { state: SwapState; quote: SwapQuote; source: SwapToken; target: SwapToken; data: SwapData }) {
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

function SwapDone({ hash }: { hash?: string }) {
  const kernel = useKernel()
  const t = useTranslate()
  const { network } = useNetwork()
  const link = transactionUrl(network, hash)
  return (
    <div className="f-center">
      <p className="f-section-title">{t('swap.done')}</p>
      <p className="f-muted">{t('swap.hash')}</p>
      <p className="f-address-text" data-testid="swap-hash">
        {hash}
      </p>
      {link && (
        <a className="f-button f-button-secondary" href={link} target="_blank" rel="noopener noreferrer">
          {t('swap.explorer', { explorer: network?.blockExplorers?.default.name ?? '' })}
        </a>
      )}
      <Button variant="secondary" onClick={() => updateSwapState(kernel, { step: 'form', hash: undefined })}>
        {t('swap.again')}
      </Button>
    </div>
  )
}

/** The tokens the service swaps here, what the account holds of them, and the gas price. */
function useSwapData({ address, namespace, networkId }: { address?: string; namespace?: string; networkId?: CaipNetworkId }): SwapData {
  const kernel = useKernel()
  const tokens = useKernelQuery(networkId ? swapTokensQuery(kernel, networkId) : undefined)
  const list = tokens?.status === 'ready' ? tokens.data : undefined
  const balances = useKernelQuery(
    list && address && namespace && networkId ? swapBalancesQuery(kernel, { namespace, networkId, address, tokens: list }) : undefined,
  )
  const gasPrice = useKernelQuery(networkId ? gasPriceQuery(kernel, networkId) : undefined)
  const prices = useKernelQuery(list && networkId ? swapPricesQuery(kernel, networkId, list) : undefined)
  return {
    prices: prices?.status === 'ready' ? prices.data : undefined,
    tokens: list ?? (tokens?.status === 'error' ? 'error' : 'loading'),
    balances: balances?.status === 'ready' ? balances.data : undefined,
    gasPrice: gasPrice?.status === 'ready' ? gasPrice.data.standard : undefined,
  }
}
