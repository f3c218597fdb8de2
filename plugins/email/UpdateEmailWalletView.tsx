import { useState, type FormEvent } from 'react'
import { showToast } from 'foyer'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { CodeForm } from './CodeForm.js'
import { embeddedWalletOf, type EmailUpdateAction } from './embeddedWallet.js'
import { isEmail } from './isEmail.js'
import { loginErrorText } from './texts.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

type Step = 'form' | 'sending' | 'primary' | 'secondary'
const STEP_OF: Record<EmailUpdateAction, Step> = { VERIFY_PRIMARY_OTP: 'primary', VERIFY_SECONDARY_OTP: 'secondary' }

/**
 * UpdateEmailWallet (rules §2, §4): a new address for the embedded wallet. A code goes to the current
 * address first, then one to the new address; once both are entered the new email is stored.
 */
export default function UpdateEmailWalletView() {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('email.updateTitle'))
  const wallet = embeddedWalletOf(kernel)
  const current = wallet.email() ?? ''
  const [step, setStep] = useState<Step>('form')
  const [newEmail, setNewEmail] = useState('')
  const [error, setError] = useState<string>()
  const [verifying, setVerifying] = useState(false)
  // Counts the codes asked for: a new one remounts the code form, so the old code goes with it.
  const [codes, setCodes] = useState(0)
  const failed = (error: unknown) => setError(loginErrorText(kernel, error))

  /** Mails the first code; also how the visitor asks again, from either code. */
  const send = () => {
    setError(undefined)
    setStep('sending')
    setCodes((count) => count + 1)
    wallet.updateEmail(newEmail).then(
      (action) => setStep(STEP_OF[action]),
      (error: unknown) => {
        setStep('form')
        failed(error)
      },
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // rules §5: email fields hold valid emails; the current one is no change.
    if (!isEmail(newEmail)) return setError(t('email.invalid'))
    if (newEmail.trim().toLowerCase() === current.toLowerCase()) return setError(t('email.sameAddress'))
    send()
  }

  const verify = (code: string) => {
    setVerifying(true)
    setError(undefined)
    const checked =
      step === 'primary'
        ? wallet.updateEmailPrimaryOtp(code).then((action) => {
            setCodes((count) => count + 1)
            setStep(STEP_OF[action])
          })
        : wallet.updateEmailSecondaryOtp(code).then((stored) => {
            showToast(kernel, { message: t('email.updated', { email: stored }), variant: 'success' })
            kernel.router.back()
          })
    checked.catch(failed).finally(() => setVerifying(false))
  }

  if (step === 'primary' || step === 'secondary') {
    return (
      <CodeForm
        key={codes}
        prompt={step === 'primary' ? t('email.updatePrimary', { email: current }) : t('email.updateSecondary', { email: newEmail.trim() })}
        error={error}
        verifying={verifying}
        onVerify={verify}
        onEdited={() => setError(undefined)}
        onResend={send}
      />
    )
  }
  if (step === 'sending') {
    return (
      <div className="f-center">
        <p className="f-muted" role="status">
          {t('email.sending')}
        </p>
        <Spinner />
      </div>
    )
  }
  return (
    <form className="f-center" onSubmit={submit} noValidate>
      <p>{t('email.updateIntro', { email: current })}</p>
      <input
        className="f-input"
        type="email"
        autoComplete="email"
        aria-label={t('email.newField')}
        placeholder={t('email.newField')}
        value={newEmail}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setNewEmail(event.target.value)
          setError(undefined)
        }}
      />
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <Button type="submit">{t('email.continue')}</Button>
    </form>
  )
}
