import { formatUnits, shortenAddress } from 'foyer'
import { useTranslate } from 'foyer/react'
import type { AssetChange } from '../../kernel/model/simulate.mjs'
import type { SimulationState } from './sendSimulation.js'

/**
 * What the transaction will do, as the network's node simulated it (docs/previews.md): a compact "You send / You
 * receive / Allowance" list, the revert and its reason, or a plain word that this network cannot preview it.
 */
export function SimulationSummary({ simulation }: { simulation: SimulationState }) {
  const t = useTranslate()
  if (simulation === undefined) return null
  if (simulation === 'loading')
    return (
      <p className="f-muted" data-testid="simulation-loading">
        {t('send.simulation.checking')}
      </p>
    )
  if (simulation.status === 'unavailable')
    return (
      <p className="f-muted" data-testid="simulation-unavailable">
        {t('send.simulation.unavailable')}
      </p>
    )
  if (simulation.status === 'reverts') {
    return (
      <p className="f-error-text" role="alert" data-testid="simulation-reverts">
        {t('send.simulation.reverts', { reason: simulation.reason })}
      </p>
    )
  }
  const { outgoing, incoming, allowances } = simulation
  if (outgoing.length + incoming.length + allowances.length === 0) return null
  return (
    <dl className="f-list" aria-label={t('send.simulation.title')} data-testid="simulation">
      {outgoing.length > 0 && <dt className="f-muted">{t('send.simulation.send')}</dt>}
      {outgoing.map((change) => (
        <dd key={changeKey(change)}>{amountText(change)}</dd>
      ))}
      {incoming.length > 0 && <dt className="f-muted">{t('send.simulation.receive')}</dt>}
      {incoming.map((change) => (
        <dd key={changeKey(change)}>{amountText(change)}</dd>
      ))}
      {allowances.length > 0 && <dt className="f-muted">{t('send.simulation.allowance')}</dt>}
      {allowances.map(({ kind, token, spender, amount, symbol, decimals, unlimited }) => {
        const words = { symbol, spender: shortenAddress(spender), amount: formatUnits(amount, decimals) }
        const key = kind === 'all' ? 'send.simulation.all' : unlimited ? 'send.simulation.unlimited' : 'send.simulation.allow'
        return (
          <dd key={`${token}:${spender}`} className={unlimited ? 'f-error-text' : undefined}>
            {t(key, words)}
          </dd>
        )
      })}
    </dl>
  )
}

function changeKey({ kind, token, tokenId }: AssetChange) {
  return `${kind}:${token ?? ''}:${tokenId ?? ''}`
}

/** '1.5 USDC', 'NFT #2', '3 × GAME #7' (an ERC-1155 amount above one). */
function amountText({ kind, amount, symbol, decimals, tokenId }: AssetChange) {
  if (kind === 'erc721') return `${symbol} #${tokenId}`
  if (kind === 'erc1155') return `${amount > 1n ? `${amount} × ` : ''}${symbol} #${tokenId}`
  return `${formatUnits(amount, decimals)} ${symbol}`
}
