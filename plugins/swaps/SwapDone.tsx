// The Swap view's last step: the transaction's hash, its explorer link, and another swap.
import { transactionUrl } from 'foyer/query'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { TransactionDone } from 'foyer/ui'
import { updateSwapState } from './swapState.js'

/** A swap sent: its hash and where to follow it. */
export function SwapDone({ hash }: { hash?: string }) {
  const kernel = useKernel()
  const t = useTranslate()
  const { network } = useNetwork()
  const link = transactionUrl(network, hash)
  return (
    <TransactionDone
      title={t('swap.done')}
      hashLabel={t('swap.hash')}
      hash={hash}
      hashTestId="swap-hash"
      explorer={link ? { href: link, label: t('swap.explorer', { explorer: network?.blockExplorers?.default.name ?? '' }) } : undefined}
      again={{ label: t('swap.again'), onClick: () => updateSwapState(kernel, { step: 'form', hash: undefined }) }}
    />
  )
}
