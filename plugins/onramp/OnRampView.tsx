import { useEffect } from 'react'
import { useAccount, useFoyerState, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import { AmountField, BankIcon, Button, CardIcon, ListItem, Picker, Skeleton, TokenPicker, WalletImage, type TokenOption } from 'foyer/ui'
import { directoryImageUrl } from 'foyer/query'
import { truncateDecimal } from './truncateDecimal.js'
import {
  buyCrypto,
  currenciesOn,
  limitsFor,
  onrampOptionsQuery,
  openCheckoutWindow,
  selectOnrampProvider,
  setOnrampInput,
} from './onrampActions.js'
import { ONRAMP_PROVIDERS, type OnrampOptions, type OnrampProvider } from './onrampApi.js'
import type { OnrampState } from './onrampState.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * The OnRamp view: the token to buy (sold on the connected network; USDC first, rules §3), the currency and amount to pay
 * with, the payment method and its limits (rules §9), then each provider's quote (rules §4: loading, the selected provider, a
 * provider's error) and the button that opens the chosen provider's checkout.
 */
export default function OnRampView() {
  const t = useTranslate()
  const kernel = useKernel()
  const { address } = useAccount()
  const { networkId } = useNetwork()
  const options = useKernelQuery(address ? onrampOptionsQuery(kernel) : undefined)
  const state = useFoyerState((foyer) => foyer.onramp)
  const sold = options?.status === 'ready' && networkId ? currenciesOn(options.data, networkId) : []
  const first = sold[0]?.id
  // rules §3: the default purchase currency is the first the options list here (USDC), until the visitor picks another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `sold` is a new list each render; `first` stands for it.
  useEffect(() => {
    if (first && !sold.some((currency) => currency.id === state.purchaseCurrency)) setOnrampInput(kernel, { purchaseCurrency: first })
  }, [kernel, first, state.purchaseCurrency])

  if (!address || !networkId) return <p className="f-muted">{t('onramp.notConnected')}</p>
  if (!options || options.status === 'loading') return <Skeleton height={160} />
  if (options.status === 'error') {
    return (
      <p className="f-error-text" role="alert">
        {t('onramp.loadFailed')}
      </p>
    )
  }
  if (sold.length === 0) return <p className="f-muted">{t('onramp.unsupported')}</p>
  return <OnRampForm options={options.data} sold={sold} state={state} />
}

function OnRampForm({ options, sold, state }: { options: OnrampOptions; sold: ReturnType<typeof currenciesOn>; state: OnrampState }) {
  const kernel = useKernel()
  const t = useTranslate()
  const limits = limitsFor(options, state.paymentCurrency, state.paymentMethod)
  const methods = options.paymentCurrencies.find((currency) => currency.id === state.paymentCurrency)?.limits ?? []
  const selected = state.selectedProvider ? state.quotes[state.selectedProvider] : undefined
  // rules §7's directory images, where the host named a directory: the token bought and the currency paid.
  const { network } = useNetwork()
  const tokens = sold.map(
    (currency): TokenOption => ({
      key: currency.id,
      symbol: currency.symbol,
      name: currency.name,
      network: network?.name,
      icon: <WalletImage src={directoryImageUrl(kernel, 'token', currency.symbol)} name={currency.symbol} size={28} />,
    }),
  )
  return (
    <div className="f-center">
      <section className="f-list" aria-label={t('onramp.title')}>
        <TokenPicker
          label={t('onramp.token')}
          searchLabel={t('onramp.search')}
          noMatch={t('onramp.noMatch')}
          options={tokens}
          value={tokens.find((token) => token.key === state.purchaseCurrency)}
          onChange={(token) => setOnrampInput(kernel, { purchaseCurrency: token.key })}
        />
        <Picker
          label={t('onramp.fiat')}
          searchLabel={t('onramp.search')}
          noMatch={t('onramp.noMatch')}
          options={options.paymentCurrencies.map((currency) => currency.id)}
          value={state.paymentCurrency}
          keyOf={(id) => id}
          textOf={(id) => id}
          render={(id) => <CurrencyRow id={id} />}
          onChange={(paymentCurrency) => setOnrampInput(kernel, { paymentCurrency })}
        />
        <AmountField
          label={t('onramp.amount')}
          value={state.amount}
          onChange={(amount) => setOnrampInput(kernel, { amount })}
          balance={limits && t('onramp.limits', { min: limits.min, max: limits.max, currency: state.paymentCurrency })}
          invalid={Boolean(state.error)}
        />
        <Picker
          label={t('onramp.method')}
          options={methods.map((method) => method.id)}
          value={methods.some((method) => method.id === state.paymentMethod) ? state.paymentMethod : undefined}
          keyOf={(id) => id}
          textOf={(id) => (id === 'card' || id === 'ach_bank_account' ? t(`onramp.method.${id}`) : id)}
          render={(id) => (
            <span className="f-token">
              <span className="f-brand-tile f-method-icon" aria-hidden="true">
                {id === 'card' ? <CardIcon /> : <BankIcon />}
              </span>
              {id === 'card' || id === 'ach_bank_account' ? t(`onramp.method.${id}`) : id}
            </span>
          )}
          onChange={(paymentMethod) => setOnrampInput(kernel, { paymentMethod })}
        />
      </section>
      <Providers state={state} />
      {state.error && (
        <p className="f-error-text" role="alert">
          {state.error}
        </p>
      )}
      <Button
        disabled={!selected || state.quotesLoading}
        loading={state.checkout === 'opening'}
        onClick={() => {
          // Opened in the click itself: a window opened after an await is blocked as a pop-up.
          const checkoutWindow = openCheckoutWindow()
          buyCrypto(kernel, { checkoutWindow }).catch(() => {})
        }}
      >
        {selected ? t('onramp.buy', { provider: t(`onramp.provider.${selected.provider}`) }) : t('onramp.continue')}
      </Button>
    </div>
  )
}

/** A payment currency with its image from the directory, where the host named one (rules §7). */
function CurrencyRow({ id }: { id: string }) {
  const kernel = useKernel()
  return (
    <span className="f-token">
      <WalletImage src={directoryImageUrl(kernel, 'currency', id)} name={id} size={28} />
      <span className="f-token-symbol">{id}</span>
    </span>
  )
}

function Providers({ state }: { state: OnrampState }) {
  const kernel = useKernel()
  const t = useTranslate()
  const asked = state.quotesLoading || Object.keys(state.quotes).length > 0 || Object.keys(state.quoteErrors).length > 0
  if (!asked) return null
  return (
    <section className="f-list" aria-label={t('onramp.providers')} aria-busy={state.quotesLoading}>
      <p className="f-section-title">{t('onramp.providers')}</p>
      {state.quotesLoading ? (
        <p className="f-muted" role="status">
          {t('onramp.quoting')}
        </p>
      ) : (
        ONRAMP_PROVIDERS.map((provider: OnrampProvider) => {
          const quote = state.quotes[provider]
          const error = state.quoteErrors[provider]
          const name = t(`onramp.provider.${provider}`)
          return (
            <ListItem
              key={provider}
              data-testid={`onramp-provider-${provider}`}
              label={name}
              current={state.selectedProvider === provider}
              aria-pressed={state.selectedProvider === provider}
              disabled={!quote}
              onClick={() => selectOnrampProvider(kernel, provider)}
              tag={
                quote
                  ? `${t('onramp.receive', { amount: truncateDecimal(quote.purchaseAmount, 6), symbol: quote.purchaseCurrency })} · ${t('onramp.fee', { amount: quote.fee, currency: quote.paymentCurrency })}`
                  : (error ?? t('onramp.noQuote'))
              }
            />
          )
        })
      )}
    </section>
  )
}
