import { isSafeImageUrl } from 'foyer'
import { historyPageQuery } from 'foyer/query'
import { useAccount, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import { Skeleton } from 'foyer/ui'
import { nftsFromHistory } from './nftsFromHistory.js'

export { viewTexts as texts } from './texts.js'

const grid = { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, margin: 0, padding: 0, listStyle: 'none' } as const
const tile = { display: 'flex', flexDirection: 'column', gap: 4, fontSize: 13, overflowWrap: 'anywhere' } as const
const image = {
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: 12,
  background: 'var(--foyer-surface)',
} as const

/** The NFTs tab: a grid of the account's NFTs on the connected network, with their names. */
export default function NftsTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address } = useAccount()
  const { networkId } = useNetwork()
  const history = useKernelQuery(address && networkId ? historyPageQuery(kernel, { account: address, chainId: networkId }) : undefined)
  if (!history) return null
  if (history.status === 'loading') {
    return (
      <ul style={grid} aria-busy="true" aria-label={t('portfolio.loading')}>
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <Skeleton height={96} />
          </li>
        ))}
      </ul>
    )
  }
  if (history.status === 'error') return <p className="f-error-text">{t('portfolio.nftsError')}</p>
  const nfts = nftsFromHistory(history.data.data)
  if (nfts.length === 0) return <p className="f-muted">{t('portfolio.nftsEmpty')}</p>
  return (
    <ul style={grid} aria-label={t('portfolio.nftsLabel')}>
      {nfts.map((nft) => (
        <li key={nft.name} style={tile}>
          {isSafeImageUrl(nft.imageUrl) ? <img src={nft.imageUrl} alt="" style={image} /> : <span style={image} aria-hidden="true" />}
          <span>{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
