import { useFoyerState, useKernel, useTranslate, useViewTitle, type ViewProps } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { STARTABLE_PROVIDERS, PROVIDER_LABELS, type StartableProvider } from './constants.js'
import { ProviderIcon } from './ProviderIcon.js'
import { startSocialLogin } from './startSocialLogin.js'

/**
 * ConnectingSocial (rules §4): the login under way in its popup — opening, waiting for the visitor at the provider,
 * connecting the wallet — or rules §8's error ('Popup closed', 'Failed to initiate social connection', 'Failed to
 * connect' …) with Try again, which opens a new popup.
 */
export default function ConnectingSocialView({ params }: ViewProps<{ provider: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  const provider = (STARTABLE_PROVIDERS as readonly string[]).includes(params.provider) ? (params.provider as StartableProvider) : 'google'
  const name = PROVIDER_LABELS[provider]
  useViewTitle(t('socials.connectingTitle', { provider: name }))
  const login = useFoyerState((state) => state.socials.login)
  const current = login?.provider === provider ? login : undefined
  if (current?.step === 'failed') {
    return (
      <div className="f-center">
        <ProviderIcon provider={provider} size={64} />
        <p className="f-error-text" role="alert">
          {current.error}
        </p>
        <Button onClick={() => startSocialLogin(kernel, provider)}>{t('socials.tryAgain')}</Button>
      </div>
    )
  }
  const text =
    current?.step === 'waiting'
      ? t('socials.waiting', { provider: name })
      : current?.step === 'connecting'
        ? t('socials.connecting')
        : t('socials.opening', { provider: name })
  return (
    <div className="f-center">
      <ProviderIcon provider={provider} size={64} />
      <p className="f-muted" role="status">
        {text}
      </p>
      <Spinner />
    </div>
  )
}
