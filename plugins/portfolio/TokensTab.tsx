import { formatBalance, formatFiat } from 'foyer'
import { tokenBalancesQuery, directoryImageUrl } from 'foyer/query'
import { useAccount, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import { Skeleton, WalletImage } from 'foyer/ui'

export { viewTexts as texts } from './texts.js'

const row = { cursor: 'default' } as const

/**
 * The Tokens tab: each token's icon, name, quantity (3 decimals) and fiat value (2 decimals, rules §5),
 * largest value first, on the connected network.
 */
export default function TokensTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address } = useAccount()
  const { networkId } = useNetwork()
  const balances = useKernelQuery(address && networkId ? tokenBalancesQuery(kernel, { address, chainId: networkId }) : undefined)
  if (!balances) return null
  if (balances.status === 'loading') {
    return (
      <ul className="f-list" aria-busy="true" aria-label={t('portfolio.loading')}>
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <Skeleton height={56} />
          </li>
        ))}
      </ul>
    )
  }
  // The toast (rules §8) has already said so; this keeps the reason in view.
  if (balances.status === 'error') return <p className="f-error-text">{t('portfolio.tokensError')}</p>
  if (balances.data.length === 0) return <p className="f-muted">{t('portfolio.tokensEmpty')}</p>
  return (
    <ul className="f-list" aria-label={t('portfolio.tokensLabel')}>
      {balances.data.map((token) => (
        <li key={token.address ?? `${token.chainId}:native:${token.symbol}`} className="f-list-item" style={row}>
          <WalletImage src={token.iconUrl ?? directoryImageUrl(kernel, 'token', token.symbol)} name={token.symbol} size={32} />
          <span className="f-list-item-label">
            {token.name}
            <br />
            <span className="f-muted">
              {formatBalance(token.quantity.numeric, kernel.i18n.locale)} {token.symbol}
            </span>
          </span>
          <span>{formatFiat(token.value, 'USD', kernel.i18n.locale)}</span>
        </li>
      ))}
    </ul>
  )
}
