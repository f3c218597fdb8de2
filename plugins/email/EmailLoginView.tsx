import { useEffect, useReducer, useRef } from 'react'
import { closeModal, connect, type Kernel } from 'foyer'
import { useKernel, useTranslate, useViewTitle, type ViewProps } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { CodeForm } from './CodeForm.js'
import { EMAIL_CONNECTOR_ID } from './constants.js'
import { embeddedWalletOf, type EmailAction } from './embeddedWallet.js'
import { emailLoginFlow, initialEmailLogin, type EmailLoginEvent } from './emailLoginFlow.js'
import { loginErrorText } from './texts.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * EmailLogin (rules §2, §4): the frame mails a code (VERIFY_OTP), or first a device link (VERIFY_DEVICE),
 * or knows the browser already (CONNECT); then the wallet connects on every namespace it serves and
 * the modal closes.
 */
export default function EmailLoginView({ params }: ViewProps<{ email: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('email.title'))
  const [{ step, error, codes }, dispatch] = useReducer(emailLoginFlow, initialEmailLogin)
  const live = useRef(true)
  // Set on every mount: React's StrictMode mounts, unmounts and mounts again, which left it false.
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  // What an answer that comes after the view has gone changes: nothing.
  const show = (event: EmailLoginEvent) => {
    if (live.current) dispatch(event)
  }
  const fail = (error: unknown) => show({ type: 'failed', error: loginErrorText(kernel, error) })

  const finish = async () => {
    show({ type: 'at', step: 'connecting' })
    await connect(kernel, { connectorId: EMAIL_CONNECTOR_ID })
    // A view an afterConnect hook showed (sign-in, an unsupported network) comes back here when done:
    // this view, shown again, closes the modal then (see below).
    if (live.current) closeModal(kernel)
  }

  const follow = async (action: EmailAction): Promise<void> => {
    const wallet = embeddedWalletOf(kernel)
    if (action === 'CONNECT') return finish()
    if (action === 'VERIFY_OTP') return show({ type: 'at', step: 'code' })
    show({ type: 'at', step: 'device' })
    return follow(await wallet.connectDevice())
  }

  const start = () => {
    show({ type: 'sending' })
    embeddedWalletOf(kernel).connectEmail(params.email).then(follow).catch(fail)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: one login per address, not one per render (`start` is new each render).
  useEffect(() => {
    // Back from a view an afterConnect hook showed: the login is done.
    if (isConnectedByEmail(kernel)) closeModal(kernel)
    else start()
  }, [params.email])

  const verify = (code: string) => {
    show({ type: 'at', step: 'verifying' })
    embeddedWalletOf(kernel)
      .connectOtp(code)
      .then(finish)
      .catch((error: unknown) => show({ type: 'codeRefused', error: loginErrorText(kernel, error) }))
  }

  if (step === 'failed') {
    return (
      <div className="f-center">
        <p className="f-error-text" role="alert">
          {error}
        </p>
        <Button onClick={start}>{t('email.tryAgain')}</Button>
      </div>
    )
  }
  if (step === 'code' || step === 'verifying') {
    return (
      <CodeForm
        key={codes}
        prompt={t('email.codeSent', { email: params.email })}
        error={error}
        verifying={step === 'verifying'}
        onVerify={verify}
        onEdited={() => dispatch({ type: 'codeEdited' })}
        onResend={start}
      />
    )
  }
  const waiting = { sending: t('email.sending'), device: t('email.deviceWaiting'), connecting: t('email.connecting') }[step]
  return (
    <div className="f-center">
      {step === 'device' && <p>{t('email.device', { email: params.email })}</p>}
      <p className="f-muted" role="status">
        {waiting}
      </p>
      <Spinner />
    </div>
  )
}

function isConnectedByEmail(kernel: Kernel): boolean {
  return Object.values(kernel.store.getState().connection.namespaces).some(
    (connection) => connection.status === 'connected' && connection.connectorId === EMAIL_CONNECTOR_ID,
  )
}
