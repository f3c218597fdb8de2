import { useAccount, useKernel, useTranslate } from 'foyer/react'
import { Button, copyWithToast, QrCode } from 'foyer/ui'

export { viewTexts as texts } from './texts.js'

/** The connected address as a QR code and as text, a copy button, and the networks it receives on. */
export default function ReceiveView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address, namespace } = useAccount()
  if (!address || !namespace) return <p className="f-muted">{t('receive.notConnected')}</p>
  const networks = kernel.chains.get(namespace)?.networks ?? []

  const copy = () => copyWithToast(kernel, address, { copied: t('receive.copied'), failed: t('receive.copyFailed') })

  return (
    <div className="f-center">
      <QrCode value={address} label={t('receive.qrLabel')} />
      <p className="f-address-text" data-testid="receive-address">
        {address}
      </p>
      <Button variant="secondary" onClick={copy}>
        {t('receive.copy')}
      </Button>
      <p className="f-section-title">{t('receive.networks')}</p>
      <ul className="f-list" aria-label={t('receive.networks')}>
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="f-muted">
            {network.name}
          </li>
        ))}
      </ul>
      <p className="f-muted">{t('receive.warning')}</p>
    </div>
  )
}
