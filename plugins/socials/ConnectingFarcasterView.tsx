import { useFoyerState, useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button, QrCode, Spinner } from 'foyer/ui'
import { startSocialLogin } from './startSocialLogin.js'

/**
 * ConnectingFarcaster (rules §2): the relay channel's link as a QR code and as a link, while the visitor approves in their
 * Farcaster app; then the wallet connects. rules §8's 'Failed to connect to farcaster' with Try again.
 */
export default function ConnectingFarcasterView() {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('socials.farcasterTitle'))
  const { login, farcasterUrl } = useFoyerState((state) => state.socials)
  const current = login?.provider === 'farcaster' ? login : undefined
  if (current?.step === 'failed') {
    return (
      <div className="f-center">
        <p className="f-error-text" role="alert">
          {current.error}
        </p>
        <Button onClick={() => startSocialLogin(kernel, 'farcaster')}>{t('socials.tryAgain')}</Button>
      </div>
    )
  }
  if (current?.step === 'waiting' && farcasterUrl) {
    return (
      <div className="f-center">
        <QrCode value={farcasterUrl} label={t('socials.farcasterQr')} />
        <p className="f-muted" role="status">
          {t('socials.farcasterScan')}
        </p>
        <a className="f-button f-button-secondary" href={farcasterUrl} data-testid="farcaster-url">
          {t('socials.farcasterOpen')}
        </a>
      </div>
    )
  }
  return (
    <div className="f-center">
      <p className="f-muted" role="status">
        {current?.step === 'connecting' ? t('socials.connecting') : t('socials.opening', { provider: 'Farcaster' })}
      </p>
      <Spinner />
    </div>
  )
}
