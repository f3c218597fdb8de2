// The Swap view's last step: the transaction's hash, its explorer link, and another swap.
import { transactionUrl } from 'foyer/query'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { Button } from 'foyer/ui'
import { updateSwapState } from './swapState.js'

/** A swap sent: its hash and where to follow it. */
export function SwapDone({ hash }: { hash?: string }) {
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
