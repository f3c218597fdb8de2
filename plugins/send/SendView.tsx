import { useEffect, useState } from 'react'
import { formatBalance, formatUnits, isUserRejection, showToast, shortenAddress, visibleMessage } from '../../kernel/index.js'
import { useAccount, useKernel, useNetwork, useTranslate } from '../../kernel/react/index.js'
import { Button, Skeleton } from '../../kernel/ui/index.js'
import { loadSendOptions, type SendOption } from './loadSendOptions.js'
import { sendToken } from './sendToken.js'
import { validateSend } from './validateSend.js'

type Step = 'form' | 'preview' | 'sending' | 'done'

const EMPTY = { token: '', amount: '', receiver: '' }

/**
 * The Send view (§3, §4): token, amount with Max and receiver; a preview (from, to, amount,
 * network); the wallet's signature; the hash. A refused signature or a failed transfer shows the
 * error and keeps the form. After a token send the view returns to Account (§2).
 */
export default function SendView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address, namespace } = useAccount()
  const { networkId, network } = useNetwork()
  const [options, setOptions] = useState<SendOption[] | 'loading' | 'error'>('loading')
  const [form, setForm] = useState(EMPTY)
  const [step, setStep] = useState<Step>('form')
  const [error, setError] = useState<string>()
  const [hash, setHash] = useState<string>()

  useEffect(() => {
    if (!address || !namespace || !networkId) return
    let current = true
    setOptions('loading')
    loadSendOptions(kernel, { namespace, address, networkId }).then(
      (loaded) => {
        if (!current) return
        setOptions(loaded)
        // One token: nothing to choose.
        if (loaded.length === 1) setForm((previous) => (previous.token ? previous : { ...previous, token: optionKey(loaded[0]!) }))
      },
      (reason: unknown) => {
        kernel.logger.warn('The balances to send from could not be read.', reason)
        if (current) setOptions('error')
      },
    )
    return () => {
      current = false
    }
  }, [kernel, namespace, address, networkId])

  if (!address || !namespace || !networkId) return <p className="f-muted">{t('send.notConnected')}</p>
  const list = Array.isArray(options) ? options : []
  const selected = list.find((option) => optionKey(option) === form.token)
  const check = () =>
    validateSend(
      { token: selected?.asset, sendTokenAmount: form.amount, receiverAddress: form.receiver },
      { namespace, balance: selected?.balance },
    )
  const edit = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setForm({ ...form, [field]: event.target.value })
    setError(undefined)
  }

  const preview = () => {
    const checked = check()
    if ('error' in checked) setError(t(checked.error))
    else setStep('preview')
  }
  const confirm = async () => {
    setStep('sending')
    setError(undefined)
    try {
      const result = await sendToken(kernel, {
        token: selected?.asset,
        amount: form.amount,
        to: form.receiver,
        balance: selected?.balance,
      })
      // §4: the form resets after a send.
      setForm(EMPTY)
      showToast(kernel, { message: t('send.sent'), variant: 'success' })
      // §2: after an ERC20 or Solana token send the view returns to Account.
      if (selected?.asset.address || namespace === 'solana') {
        kernel.router.reset({ view: 'Account', params: undefined })
        return
      }
      setHash(result.hash)
      setStep('done')
    } catch (reason) {
      // The form stays as it was; the visitor may edit it or try again.
      setError(isUserRejection(reason) ? t('send.error.rejected') : visibleMessage(reason, t('send.error.failed')))
      setStep('preview')
    }
  }

  if (step === 'done') {
    return (
      <div className="f-center">
        <p className="f-section-title">{t('send.sent')}</p>
        <p className="f-muted">{t('send.hash')}</p>
        <p className="f-address-text" data-testid="send-hash">
          {hash}
        </p>
        <Button variant="secondary" onClick={() => setStep('form')}>
          {t('send.again')}
        </Button>
      </div>
    )
  }

  if (step !== 'form' && selected) {
    return (
      <div className="f-center">
        <dl className="f-list" aria-label={t('send.preview')}>
          <dt className="f-muted">{t('send.from')}</dt>
          <dd className="f-address-text">{shortenAddress(address)}</dd>
          <dt className="f-muted">{t('send.to')}</dt>
          <dd className="f-address-text" data-testid="send-to">
            {form.receiver.trim()}
          </dd>
          <dt className="f-muted">{t('send.amount')}</dt>
          <dd data-testid="send-amount">
            {form.amount.trim()} {selected.asset.symbol}
          </dd>
          <dt className="f-muted">{t('send.network')}</dt>
          <dd>{network?.name ?? networkId}</dd>
        </dl>
        {step === 'sending' && <p className="f-muted">{t('send.sending')}</p>}
        {error && (
          <p className="f-error-text" role="alert">
            {error}
          </p>
        )}
        <Button onClick={confirm} loading={step === 'sending'}>
          {t('send.confirm')}
        </Button>
        <Button variant="secondary" onClick={() => setStep('form')} disabled={step === 'sending'}>
          {t('send.back')}
        </Button>
      </div>
    )
  }

  return (
    <div className="f-center">
      <label className="f-muted">
        {t('send.token')}
        {options === 'loading' ? (
          <Skeleton height={44} />
        ) : (
          <select className="f-input" value={form.token} onChange={edit('token')}>
            <option value="">{t('send.chooseToken')}</option>
            {list.map((option) => (
              <option key={optionKey(option)} value={optionKey(option)}>
                {option.asset.symbol}
              </option>
            ))}
          </select>
        )}
      </label>
      {selected && (
        <p className="f-muted" data-testid="send-balance">
          {t('send.balance', { amount: formatBalance(formatUnits(selected.balance, selected.asset.decimals)), symbol: selected.asset.symbol })}
        </p>
      )}
      <label className="f-muted">
        {t('send.amount')}
        <input className="f-input" inputMode="decimal" autoComplete="off" value={form.amount} onChange={edit('amount')} />
      </label>
      <Button
        variant="secondary"
        disabled={!selected}
        onClick={() => selected && edit('amount')({ target: { value: formatUnits(selected.balance, selected.asset.decimals) } })}
      >
        {t('send.max')}
      </Button>
      <label className="f-muted">
        {t('send.receiver')}
        <input className="f-input" autoComplete="off" spellCheck={false} value={form.receiver} onChange={edit('receiver')} />
      </label>
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <Button onClick={preview}>{t('send.preview')}</Button>
    </div>
  )
}

function optionKey(option: SendOption): string {
  return option.asset.address ?? `native:${option.asset.symbol}`
}
