// How the Swap view writes a token's figures: an amount's worth in USD and the account's balance.
import { formatBalance, formatFiat, formatUnits } from 'foyer'
import { useKernel, useTranslate } from 'foyer/react'
import type { SwapToken } from './swapState.js'
import type { SwapData } from './useSwapData.js'

/** An amount's worth in USD (rules §5: 2 decimals), where the service prices the token. */
export function fiatText(amount: bigint | undefined, token: SwapToken | undefined, prices: SwapData['prices'], locale: string) {
  const price = token && prices?.[token.address]
  if (amount === undefined || !token || price === undefined) return undefined
  return formatFiat(Number(formatUnits(amount, token.decimals)) * price, 'USD', locale)
}

export function FiatValue(props: { amount?: bigint; token?: SwapToken; prices?: Record<string, number>; testId: string }) {
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
export function balanceText(
  t: ReturnType<typeof useTranslate>,
  token: SwapToken | undefined,
  balances: SwapData['balances'],
  locale: string,
) {
  const held = token ? balances?.[token.address] : undefined
  if (!token || held === undefined) return undefined
  return t('swap.balance', { amount: formatBalance(formatUnits(held, token.decimals), locale), symbol: token.symbol })
}

export function TokenBalance({ token, balances, testId }: { token?: SwapToken; balances?: Record<string, bigint>; testId: string }) {
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
