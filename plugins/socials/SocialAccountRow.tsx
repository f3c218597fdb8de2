import { useFoyerState, useTranslate } from 'foyer/react'
import { PROVIDER_LABELS, SOCIAL_NAMES, type SocialName } from './constants.js'

/** On Account while the embedded wallet is connected by a social login: the provider and the name it gave (rules §3). */
export default function SocialAccountRow() {
  const t = useTranslate()
  const { socialProvider, userName } = useFoyerState((state) => state.socials)
  if (!socialProvider || !(SOCIAL_NAMES as readonly string[]).includes(socialProvider)) return null
  const provider = PROVIDER_LABELS[socialProvider as SocialName]
  return <p className="f-muted">{userName ? t('socials.signedInAs', { name: userName, provider }) : t('socials.signedIn', { provider })}</p>
}
