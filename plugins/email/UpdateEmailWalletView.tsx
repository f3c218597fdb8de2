import { useReducer, type FormEvent } from 'react'
import { showToast } from 'foyer'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { CodeForm } from './CodeForm.js'
import { embeddedWalletOf } from './embeddedWallet.js'
import { isEmail } from './isEmail.js'
import { loginErrorText } from './texts.js'
import { initialUpdateEmail, updateEmailFlow } from './updateEmailFlow.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

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
  const [{ step, newEmail, error, verifying, codes }, dispatch] = useReducer(updateEmailFlow, initialUpdateEmail)
  const failed = (error: unknown) => dispatch({ type: 'failed', error: loginErrorText(kernel, error) })

  /** Mails the first code; also how the visitor asks again, from either code. */
  const send = () => {
    dispatch({ type: 'sending' })
    wallet.updateEmail(newEmail).then((action) => dispatch({ type: 'mailed', action }), failed)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // rules §5: email fields hold valid emails; the current one is no change.
    if (!isEmail(newEmail)) return dispatch({ type: 'failed', error: t('email.invalid') })
    if (newEmail.trim().toLowerCase() === current.toLowerCase()) return dispatch({ type: 'failed', error: t('email.sameAddress') })
    send()
  }

  const verify = (code: string) => {
    dispatch({ type: 'verifying' })
    const checked =
      step === 'primary'
        ? wallet.updateEmailPrimaryOtp(code).then((action) => dispatch({ type: 'primaryVerified', action }))
        : wallet.updateEmailSecondaryOtp(code).then((stored) => {
            dispatch({ type: 'verified' })
            showToast(kernel, { message: t('email.updated', { email: stored }), variant: 'success' })
            kernel.router.back()
          })
    checked.catch(failed)
  }

  if (step === 'primary' || step === 'secondary') {
    return (
      <CodeForm
        key={codes}
        prompt={step === 'primary' ? t('email.updatePrimary', { email: current }) : t('email.updateSecondary', { email: newEmail.trim() })}
        error={error}
        verifying={verifying}
        onVerify={verify}
        onEdited={() => dispatch({ type: 'typed' })}
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
        onChange={(event) => dispatch({ type: 'typed', newEmail: event.target.value })}
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
