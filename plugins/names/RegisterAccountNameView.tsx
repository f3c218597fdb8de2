import { useEffect, useRef, useState, type FormEvent } from 'react'
import { DEBOUNCE_MS, isFoyerError, isUserRejection } from 'foyer'
import { useAccount, useFoyerState, useKernel, useKernelQuery, useTranslate } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { normalizeLabel, validateLabel } from './nameRules.js'
import type { NameServiceError } from './namesService.js'
import { namesOfQuery, registerAccountName, suggestionsQuery } from './registerAccountName.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

type Step = { kind: 'form' } | { kind: 'signing'; name: string } | { kind: 'cancelled'; name: string } | { kind: 'failed'; message: string }

type Translate = ReturnType<typeof useTranslate>

/**
 * RegisterAccountName (rules §2, §4, rules §5): a name field checked as the visitor types (rules §5's rules at once;
 * availability and free names close to it after a pause), then the wallet's signature and the
 * registration. A cancelled signature leaves the visitor here with the name kept (rules §2); a registered
 * name goes on to RegisterAccountNameSuccess.
 */
export default function RegisterAccountNameView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { address, namespace } = useAccount()
  const zone = useFoyerState((state) => state.names.zone)
  const [typed, setTyped] = useState('')
  const [step, setStep] = useState<Step>({ kind: 'form' })
  const live = useRef(true)
  // Set on every mount: React's StrictMode mounts, unmounts and mounts again, which left it false.
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  const label = normalizeLabel(typed, zone)
  const problem = label ? validateLabel(label) : undefined
  const checked = useDebounced(problem ? '' : label, DEBOUNCE_MS)
  const suggestions = useKernelQuery(checked ? suggestionsQuery(kernel, { name: checked }) : undefined)
  const name = `${label}.${zone}`
  const current = checked === label ? suggestions : undefined
  const asked = current?.status === 'ready' ? current.data.find((suggestion) => suggestion.name === name) : undefined
  const available = asked !== undefined && !asked.registered
  // A taken name may be the visitor's own: asked only then, so a free name costs no lookup.
  const owned = useKernelQuery(asked?.registered && address ? namesOfQuery(kernel, { address }) : undefined)
  const yours = owned?.status === 'ready' && owned.data.some((profile) => profile.name === name)
  const busy = step.kind === 'signing'

  if (!address || !namespace) return <p className="f-muted">{t('names.notConnected')}</p>
  if (!kernel.chains.get(namespace)?.capabilities?.identity) return <p className="f-muted">{t('names.unsupported')}</p>

  const register = async (event: FormEvent) => {
    event.preventDefault()
    if (!available || busy) return
    setStep({ kind: 'signing', name })
    try {
      await registerAccountName(kernel, { name: label })
      if (live.current) kernel.router.replace('RegisterAccountNameSuccess', { name })
    } catch (error) {
      if (!live.current) return
      // rules §2: a cancelled signature returns here, the name still typed.
      setStep(isUserRejection(error) ? { kind: 'cancelled', name } : { kind: 'failed', message: errorText(t, error, name) })
    }
  }

  const free = current?.status === 'ready' ? current.data.filter((suggestion) => !suggestion.registered && suggestion.name !== name) : []
  return (
    <form className="f-center" onSubmit={register} noValidate>
      <label className="f-muted" style={{ width: '100%', textAlign: 'start' }}>
        {t('names.field')}
        <span className="f-row" style={{ alignItems: 'center' }}>
          <input
            className="f-input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            value={typed}
            readOnly={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby="f-names-status"
            onChange={(event) => {
              setTyped(event.target.value)
              if (step.kind !== 'form') setStep({ kind: 'form' })
            }}
          />
          <span aria-hidden="true">.{zone}</span>
        </span>
      </label>
      <p id="f-names-status" className={problem ? 'f-error-text' : 'f-muted'} aria-live="polite" data-testid="names-status">
        {statusText(t, {
          label,
          zone,
          problem,
          name,
          checking: Boolean(label && !problem && current?.status !== 'ready' && current?.status !== 'error'),
          asked,
          yours,
        })}
      </p>
      {current?.status === 'error' && (
        <p className="f-error-text" role="alert">
          {errorText(t, current.error, name)}
        </p>
      )}
      {free.length > 0 && (
        <>
          <p className="f-section-title">{t('names.suggestions')}</p>
          <ul className="f-list" aria-label={t('names.suggestions')} style={{ width: '100%' }}>
            {free.map((suggestion) => (
              <li key={suggestion.name}>
                <Button variant="secondary" disabled={busy} onClick={() => setTyped(suggestion.name.slice(0, -zone.length - 1))}>
                  {suggestion.name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {step.kind === 'signing' && (
        <p className="f-muted" role="status">
          <Spinner size={14} /> {t('names.signing', { name: step.name })}
        </p>
      )}
      {step.kind === 'cancelled' && (
        <p className="f-muted" role="status">
          {t('names.cancelled', { name: step.name })}
        </p>
      )}
      {step.kind === 'failed' && (
        <p className="f-error-text" role="alert">
          {step.message}
        </p>
      )}
      <Button type="submit" disabled={!available} loading={busy}>
        {t('names.register')}
      </Button>
    </form>
  )
}

/** What the line under the field says: the rules, a rule broken, the check under way, or its answer. */
function statusText(
  t: Translate,
  state: {
    label: string
    zone: string
    problem?: ReturnType<typeof validateLabel>
    name: string
    checking: boolean
    asked?: { registered: boolean }
    yours: boolean
  },
): string {
  if (!state.label) return t('names.hint', { zone: state.zone })
  if (state.problem) return t(state.problem)
  if (state.checking) return t('names.checking', { name: state.name })
  if (!state.asked) return ''
  if (!state.asked.registered) return t('names.available', { name: state.name })
  return t(state.yours ? 'names.yours' : 'names.taken', { name: state.name })
}

/** rules §8: the service's own reason when it gave one, else the call's message (in the visitor's language). */
export function errorText(t: Translate, error: unknown, name: string): string {
  if (isFoyerError<NameServiceError>(error, 'NameServiceError')) {
    return error.reason ? error.shortMessage : t(`names.error.${error.call}`, { name })
  }
  return isFoyerError(error) ? error.shortMessage : t('names.error.register', { name })
}

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
