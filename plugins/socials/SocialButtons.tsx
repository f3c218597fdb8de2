import { isFeatureEnabled } from 'foyer'
import { useFoyerState, useKernel, useTranslate } from 'foyer/react'
import { IconButton, ListItem } from 'foyer/ui'
import { STARTABLE_PROVIDERS, PROVIDER_LABELS, type StartableProvider } from './constants.js'
import { ProviderIcon } from './ProviderIcon.js'
import { startSocialLogin } from './startSocialLogin.js'

/**
 * The social connect method on Connect (rules §2: after email): the `socials` feature's providers in its order — the
 * first as a full row, the others as a row of buttons. Logins this version cannot start, and names a remote
 * configuration may send that nobody knows, are left out.
 */
export default function SocialButtons() {
  const kernel = useKernel()
  const t = useTranslate()
  const flags = useFoyerState((state) => state.features.flags)
  const listed = isFeatureEnabled(flags, 'socials') ? (flags.socials ?? []) : []
  const providers = listed.filter((name): name is StartableProvider => (STARTABLE_PROVIDERS as readonly string[]).includes(name))
  if (providers.length === 0) return null
  const [first, ...others] = providers as [StartableProvider, ...StartableProvider[]]
  const label = (provider: StartableProvider) => t('socials.continueWith', { provider: PROVIDER_LABELS[provider] })
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> brings a form's border and legend; this is a group of buttons.
    <div role="group" aria-label={t('socials.title')}>
      <ListItem label={label(first)} image={<ProviderIcon provider={first} />} onClick={() => startSocialLogin(kernel, first)} />
      {others.length > 0 && (
        <div className="f-row" style={{ justifyContent: 'center', flexWrap: 'wrap', marginTop: 8 }}>
          {others.map((provider) => (
            <IconButton key={provider} label={label(provider)} onClick={() => startSocialLogin(kernel, provider)}>
              <ProviderIcon provider={provider} size={28} />
            </IconButton>
          ))}
        </div>
      )}
    </div>
  )
}
