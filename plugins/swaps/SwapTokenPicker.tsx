// Choosing a token to pay with or to receive, each with the account's balance and its worth.
import { formatBalance, formatUnits } from 'foyer'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { Skeleton, TokenPicker, WalletImage, type TokenOption } from 'foyer/ui'
import type { SwapToken } from './swapState.js'
import { fiatText } from './swapFigures.js'
import type { SwapData } from './useSwapData.js'

/** A token picker over the tokens the service swaps here; 'loading' and 'error' show as such. */
export function SwapTokenPicker(props: { label: string; data: SwapData; selected?: SwapToken; onChoose(token?: SwapToken): void }) {
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
