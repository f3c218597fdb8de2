import { useCallback, useEffect, useRef, useState } from 'react'
import { connect } from '../../actions/connect.js'
import { isFoyerError } from '../../core/errors/BaseError.js'
import { closeModal } from '../../core/modal.js'
import { Button } from '../../ui/Button.js'
import { Spinner } from '../../ui/Spinner.js'
import { WalletImage } from '../../ui/WalletImage.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import type { ViewProps } from '../shell/ViewOutlet.js'
import { useViewTitle } from '../shell/ViewTitle.js'

/**
 * Asks one wallet to connect and waits for the visitor to accept in it. A refusal or failure shows
 * the rules §8 wording with a retry; success closes the modal.
 */
export default function ConnectingExternalView({ params }: ViewProps<{ connectorId: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  const connector = useFoyerState((state) => state.connection.connectors.find((entry) => entry.id === params.connectorId))
  const [error, setError] = useState<string>()
  const attempt = useRef(0)
  const name = connector?.name ?? params.connectorId
  useViewTitle(name)

  const start = useCallback(() => {
    const current = ++attempt.current
    setError(undefined)
    connect(kernel, { connectorId: params.connectorId }).then(
      () => {
        if (current === attempt.current) closeModal(kernel)
      },
      (failure: unknown) => {
        if (current !== attempt.current) return
        setError(t(isFoyerError(failure, 'ConnectionRejectedError') ? 'connecting.rejected' : 'connecting.failed'))
      },
    )
  }, [kernel, params.connectorId, t])

  useEffect(() => {
    start()
    // Leaving the view drops a late answer from the attempt it started.
    return () => {
      attempt.current++
    }
  }, [start])

  return (
    <div className="f-center">
      <WalletImage src={connector?.imageUrl} name={name} mark={['wallet', name]} size={72} />
      {error ? (
        <>
          <p className="f-error-text" role="alert">
            {error}
          </p>
          <Button onClick={start}>{t('connecting.retry')}</Button>
        </>
      ) : (
        <>
          <p aria-live="polite">
            <strong>{t('connecting.waiting', { wallet: name })}</strong>
          </p>
          <p className="f-muted">{t('connecting.waitingHint')}</p>
          <Spinner />
        </>
      )}
    </div>
  )
}
