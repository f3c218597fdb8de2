// The Send view's second step: what leaves, to whom, on which network, and what the node says it will do.
import { shortenAddress } from 'foyer'
import { useAccount, useKernel, useNetwork, useTranslate } from 'foyer/react'
import { Button, SimulationSummary, simulationTexts } from 'foyer/ui'
import type { SendState } from './sendState.js'
import { useTransferSimulation } from './sendSimulation.js'
import type { SendAsset } from './validateSend.js'

/** The preview the visitor confirms; Confirm stays off for a transfer the node says would revert. */
export function SendPreview(props: { form: SendState; asset: SendAsset; error?: string; onConfirm(): void; onEdit(): void }) {
  const { form, asset, error } = props
  const t = useTranslate()
  const kernel = useKernel()
  const { address } = useAccount()
  const { networkId, network } = useNetwork()
  const simulation = useTransferSimulation(kernel, {
    token: asset,
    amount: form.sendTokenAmount,
    to: form.receiverAddress,
    ...(networkId ? { networkId } : {}),
    ...(address ? { from: address } : {}),
  })
  const reverts = typeof simulation === 'object' && simulation.status === 'reverts'
  return (
    <div className="f-center">
      <dl className="f-list" aria-label={t('send.preview')}>
        <dt className="f-muted">{t('send.from')}</dt>
        <dd className="f-address-text">{shortenAddress(address ?? '')}</dd>
        <dt className="f-muted">{t('send.to')}</dt>
        {form.receiverProfileName && <dd data-testid="send-to-name">{form.receiverProfileName}</dd>}
        <dd className="f-address-text" data-testid="send-to">
          {form.receiverAddress.trim()}
        </dd>
        <dt className="f-muted">{t('send.amount')}</dt>
        <dd data-testid="send-amount">
          {form.sendTokenAmount.trim()} {asset.symbol}
        </dd>
        <dt className="f-muted">{t('send.network')}</dt>
        <dd>{network?.name ?? networkId}</dd>
      </dl>
      <SimulationSummary simulation={simulation} texts={simulationTexts(t, 'send')} />
      {form.loading && <p className="f-muted">{t('send.sending')}</p>}
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <Button onClick={props.onConfirm} loading={form.loading} disabled={reverts}>
        {t('send.confirm')}
      </Button>
      <Button variant="secondary" onClick={props.onEdit} disabled={form.loading}>
        {t('send.back')}
      </Button>
    </div>
  )
}
