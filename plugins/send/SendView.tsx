// The Send view: one file per step (SendForm, SendPreview, SendDone), its data from useSendData.
import { isUserRejection, isValidAddress, showToast, visibleMessage } from 'foyer'
import { useAccount, useFoyerState, useKernel, useNetwork, useTranslate } from 'foyer/react'
import { SendDone } from './SendDone.js'
import { SendForm } from './SendForm.js'
import { SendPreview } from './SendPreview.js'
import { updateSendState, type SendState } from './sendState.js'
import { sendToken } from './sendToken.js'
import { selectedOption, useReceiverProfile, useSendOptions } from './useSendData.js'
import { validateSend } from './validateSend.js'

export { viewTexts as texts } from './texts.js'

/**
 * The Send view (rules §3, §4): token, amount with Max and receiver (with the receiver's name and avatar
 * when known); a preview (from, to, amount, network); the wallet's signature; the hash. The form
 * lives in the store's `send` slice. A refused signature or a failed transfer shows the error and
 * keeps the form. After a token send, or any Solana send, the view returns to Account (rules §2).
 */
export default function SendView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address, namespace } = useAccount()
  const { networkId } = useNetwork()
  const form = useFoyerState((state) => state.send)
  const options = useSendOptions(kernel, { address, namespace, networkId })
  useReceiverProfile(kernel, namespace, form.receiverAddress)
  const { step, error, hash } = form
  const setStep = (next: SendState['step']) => updateSendState(kernel, { step: next })
  const setError = (message: string | undefined) => updateSendState(kernel, { error: message })

  if (!address || !namespace || !networkId) return <p className="f-muted">{t('send.notConnected')}</p>
  // The same rule as sendToken's, said before the visitor fills anything in (rules §4).
  const transfer = kernel.chains.get(namespace)?.capabilities?.transfer
  if (!transfer) return <p className="f-muted">{t('send.unsupported')}</p>
  const list = Array.isArray(options) ? options : []
  const selected = selectedOption(list, form.token)
  const edit = (patch: Partial<SendState>) => {
    updateSendState(kernel, patch)
    setError(undefined)
  }

  const preview = () => {
    const checked = validateSend(
      { token: selected?.asset, sendTokenAmount: form.sendTokenAmount, receiverAddress: form.receiverAddress },
      { isAddress: (address) => isValidAddress(kernel, namespace, address), balance: selected?.balance },
    )
    if ('error' in checked) setError(t(checked.error))
    else setStep('preview')
  }
  const confirm = async () => {
    setError(undefined)
    const isToken = Boolean(selected?.asset.address)
    try {
      const result = await sendToken(kernel, {
        token: selected?.asset,
        amount: form.sendTokenAmount,
        to: form.receiverAddress,
        balance: selected?.balance,
      })
      showToast(kernel, { message: t('send.sent'), variant: 'success' })
      // rules §2: after an ERC20 or Solana token send the view returns to Account.
      if (isToken || transfer?.returnToAccount === 'all') return kernel.router.reset({ view: 'Account', params: undefined })
      updateSendState(kernel, { step: 'done', hash: result.hash })
    } catch (reason) {
      // The form stays as it was; the visitor may edit it or try again.
      setError(isUserRejection(reason) ? t('send.error.rejected') : visibleMessage(reason, t('send.error.failed')))
    }
  }

  if (step === 'done') return <SendDone hash={hash} onAgain={() => setStep('form')} />
  if (step === 'preview' && selected) {
    return <SendPreview form={form} asset={selected.asset} error={error} onConfirm={confirm} onEdit={() => setStep('form')} />
  }
  return (
    <SendForm
      form={form}
      options={options}
      selected={selected}
      account={{ namespace, address, networkId }}
      onEdit={edit}
      onPreview={preview}
    />
  )
}
