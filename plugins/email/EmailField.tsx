import { useState, type FormEvent } from 'react'
import { useKernel, useTranslate } from 'foyer/react'
import { Button } from 'foyer/ui'
import { isEmail } from './isEmail.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The email connect method on Connect (rules §2: first): an address, then EmailLogin with it. */
export default function EmailField() {
  const kernel = useKernel()
  const t = useTranslate()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // rules §5: email fields hold valid emails.
    if (!isEmail(email)) return setError(t('email.invalid'))
    kernel.router.push('EmailLogin', { email: email.trim() })
  }

  return (
    <form className="f-center" onSubmit={submit} noValidate>
      <input
        className="f-input"
        type="email"
        autoComplete="email"
        aria-label={t('email.field')}
        placeholder={t('email.field')}
        value={email}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
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
