import { goBack } from 'foyer'
import { useFoyerState, useKernel, useTranslate } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { truncateDecimal } from './truncateDecimal.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * The BuyInProgress view: the provider's checkout is open in its window; the order is followed until the funds
 * arrive (or the purchase failed, was cancelled, or the window was closed without paying).
 */
export default function BuyInProgressView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { order, checkout, checkoutUrl } = useFoyerState((foyer) => foyer.onramp)
  const provider = order ? t(`onramp.provider.${order.provider === 'meld' ? 'meld' : 'coinbase'}`) : ''
  const back = (
    <Button variant="secondary" onClick={() => goBack(kernel)}>
      {order?.status === 'paid' ? t('onramp.again') : t('onramp.back')}
    </Button>
  )
  const amount = order ? { amount: truncateDecimal(order.purchaseAmount, 6), symbol: order.purchaseCurrency } : { amount: '', symbol: '' }

  if (order?.status === 'paid') {
    return (
      <div className="f-center">
        <p className="f-section-title" role="status" data-testid="onramp-paid">
          {t('onramp.paid', amount)}
        </p>
        <p className="f-muted">{t('onramp.hash')}</p>
        <p className="f-address-text" data-testid="onramp-hash">
          {order.hash}
        </p>
        {back}
      </div>
    )
  }
  if (order?.status === 'failed' || order?.status === 'cancelled' || checkout === 'closed') {
    const text =
      order?.status === 'failed'
        ? t('onramp.failed', { reason: order.failure ?? '' })
        : order?.status === 'cancelled'
          ? t('onramp.cancelled')
          : t('onramp.closed')
    return (
      <div className="f-center">
        <p
          className={order?.status === 'failed' ? 'f-error-text' : 'f-muted'}
          role={order?.status === 'failed' ? 'alert' : 'status'}
          data-testid="onramp-ended"
        >
          {text}
        </p>
        {back}
      </div>
    )
  }
  return (
    <div className="f-center">
      <Spinner size={40} />
      <p className="f-muted" role="status" data-testid="onramp-progress">
        {order?.status === 'paying'
          ? t('onramp.paying', amount)
          : checkout === 'blocked'
            ? t('onramp.blocked')
            : order
              ? t('onramp.waiting', { provider })
              : t('onramp.opening')}
      </p>
      {checkout === 'blocked' && checkoutUrl && /^https?:\/\//.test(checkoutUrl) && (
        <a className="f-button f-button-primary" href={checkoutUrl} target="_blank" rel="noopener noreferrer">
          {t('onramp.openCheckout')}
        </a>
      )}
    </div>
  )
}
