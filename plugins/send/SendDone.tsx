// The Send view's last step: the transaction's hash, its explorer link, and another send.
import { transactionUrl } from 'foyer/query'
import { useNetwork, useTranslate } from 'foyer/react'
import { TransactionDone } from 'foyer/ui'

/** A native coin sent on EVM: its hash and where to follow it (token sends return to Account). */
export function SendDone({ hash, onAgain }: { hash?: string; onAgain(): void }) {
  const t = useTranslate()
  const { network } = useNetwork()
  const link = transactionUrl(network, hash)
  return (
    <TransactionDone
      title={t('send.sent')}
      hashLabel={t('send.hash')}
      hash={hash}
      hashTestId="send-hash"
      explorer={link ? { href: link, label: t('send.explorer', { explorer: network?.blockExplorers?.default.name ?? '' }) } : undefined}
      again={{ label: t('send.again'), onClick: onAgain }}
    />
  )
}
