import { useEffect, useRef, useState } from 'react'
import { closeModal, connect, type Kernel } from 'foyer'
import { useKernel, useTranslate, useViewTitle, type ViewProps } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { CodeForm } from './CodeForm.js'
import { EMAIL_CONNECTOR_ID } from './constants.js'
import { embeddedWalletOf, type EmailAction } from './embeddedWallet.js'
import { loginErrorText } from './texts.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

type Step =
  | { kind: 'sending' }
  | { kind: 'code' }
  | { kind: 'verifying' }
  | { kind: 'device' }
  | { kind: 'connecting' }
  | { kind: 'failed'; message: string }

/**
 * EmailLogin (rules §2, §4): the frame mails a code (VERIFY_OTP), or first a device link (VERIFY_DEVICE),
 * or knows the browser already (CONNECT); then the wallet connects on every namespace it serves and
 * the modal closes.
 */
export default function EmailLoginView({ params }: ViewProps<{ email: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('email.title'))
  const [step, setStep] = useState<Step>({ kind: 'sending' })
  const [codeError, setCodeError] = useState<string>()
  // Counts the codes sent: a new one remounts the code form, so the old code goes with it.
  const [codes, setCodes] = useState(0)
  const live = useRef(true)
  // Set on every mount: React's StrictMode mounts, unmounts and mounts again, which left it false.
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  const show = (next: Step) => {
    if (live.current) setStep(next)
  }
  const fail = (error: unknown) => show({ kind: 'failed', message: loginErrorText(kernel, error) })

  const finish = async () => {
    show({ kind: 'connecting' })
    await connect(kernel, { connectorId: EMAIL_CONNECTOR_ID })
    // A view an afterConnect hook showed (sign-in, an unsupported network) comes back here when done:
    // this view, shown again, closes the modal then (see below).
    if (live.current) closeModal(kernel)
  }

  const follow = async (action: EmailAction): Promise<void> => {
    const wallet = embeddedWalletOf(kernel)
    if (action === 'CONNECT') return finish()
    if (action === 'VERIFY_OTP') return show({ kind: 'code' })
    show({ kind: 'device' })
    return follow(await wallet.connectDevice())
  }

  const start = () => {
    // A new code: the old one and its error no longer apply.
    if (live.current) {
      setCodes((count) => count + 1)
      setCodeError(undefined)
    }
    show({ kind: 'sending' })
    embeddedWalletOf(kernel).connectEmail(params.email).then(follow).catch(fail)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: one login per address, not one per render (`start` is new each render).
  useEffect(() => {
    // Back from a view an afterConnect hook showed: the login is done.
    if (isConnectedByEmail(kernel)) closeModal(kernel)
    else start()
  }, [params.email])

  const verify = (code: string) => {
    show({ kind: 'verifying' })
    embeddedWalletOf(kernel)
      .connectOtp(code)
      .then(finish)
      .catch((error: unknown) => {
        if (!live.current) return
        setCodeError(loginErrorText(kernel, error))
        setStep({ kind: 'code' })
      })
  }

  if (step.kind === 'failed') {
    return (
      <div className="f-center">
        <p className="f-error-text" role="alert">
          {step.message}
        </p>
        <Button onClick={start}>{t('email.tryAgain')}</Button>
      </div>
    )
  }
  if (step.kind === 'code' || step.kind === 'verifying') {
    return (
      <CodeForm
        key={codes}
        prompt={t('email.codeSent', { email: params.email })}
        error={codeError}
        verifying={step.kind === 'verifying'}
        onVerify={verify}
        onEdited={() => setCodeError(undefined)}
        onResend={start}
      />
    )
  }
  const waiting = { sending: t('email.sending'), device: t('email.deviceWaiting'), connecting: t('email.connecting') }[step.kind]
  return (
    <div className="f-center">
      {step.kind === 'device' && <p>{t('email.device', { email: params.email })}</p>}
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
