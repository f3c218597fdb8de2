import { useState, type FormEvent } from 'react'
import { useTranslate } from 'foyer/react'
import { Button } from 'foyer/ui'

export interface CodeFormProps {
  /** Says where the code went. */
  prompt: string
  /** Why the last code was refused (the frame's words), until the visitor types again. */
  error?: string
  /** The code is being checked: the buttons wait. */
  verifying: boolean
  onVerify(code: string): void
  /** Clears `error` once the visitor edits the code. */
  onEdited(): void
  /** Has a new code sent; remount the form (a new `key`) to clear the old code. */
  onResend(): void
}

/** A one-time code (rules §4): the field, its error, Verify, and a way to have a new code sent. */
export function CodeForm({ prompt, error, verifying, onVerify, onEdited, onResend }: CodeFormProps) {
  const t = useTranslate()
  const [code, setCode] = useState('')
  const [malformed, setMalformed] = useState(false)
  const shown = malformed ? t('email.invalidCode') : error

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // rules §5: the one-time code is a string; the service's are 6 digits.
    if (!/^\d{6}$/.test(code.trim())) return setMalformed(true)
    onVerify(code.trim())
  }

  return (
    <form className="f-center" onSubmit={submit} noValidate>
      <p>{prompt}</p>
      <input
        className="f-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        aria-label={t('email.codeField')}
        value={code}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          setCode(event.target.value)
          setMalformed(false)
          onEdited()
        }}
      />
      {shown && (
        <p className="f-error-text" role="alert">
          {shown}
        </p>
      )}
      {verifying && (
        <p className="f-muted" role="status">
          {t('email.verifying')}
        </p>
      )}
      <Button type="submit" loading={verifying}>
        {t('email.verify')}
      </Button>
      <Button type="button" variant="secondary" onClick={onResend} disabled={verifying}>
        {t('email.resend')}
      </Button>
    </form>
  )
}
