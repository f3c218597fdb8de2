import { Fragment, type ReactNode } from 'react'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'

/**
 * Whether the `legalCheckbox` feature asks for consent before connecting, and whether the visitor gave it.
 * `locked` is true while every way to connect must stay disabled.
 */
export function useLegalConsent(): { required: boolean; accepted: boolean; locked: boolean } {
  const kernel = useKernel()
  const on = useFoyerState((state) => state.features.flags.legalCheckbox)
  const accepted = useFoyerState((state) => state.modal.legalAccepted)
  const { termsConditionsUrl, privacyPolicyUrl } = kernel.options
  // parseOptions refuses the flag without a link; the check here keeps a box without links from ever showing.
  const required = on && Boolean(termsConditionsUrl || privacyPolicyUrl)
  return { required, accepted, locked: required && !accepted }
}

const PLACEHOLDER = /(\{terms\}|\{privacy\})/

/**
 * The `legalCheckbox`: a labelled native checkbox (Space toggles it) whose sentence links the host's terms and
 * privacy policy; they open in a new tab, so the modal keeps its place. Renders nothing while the feature is off.
 */
export function LegalCheckbox() {
  const kernel = useKernel()
  const t = useTranslate()
  const { required, accepted } = useLegalConsent()
  if (!required) return null
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = kernel.options
  const link = (href: string | undefined, text: string) =>
    href && (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    )
  const termsLink = link(terms, t('legal.terms'))
  const privacyLink = link(privacy, t('legal.privacy'))
  // The sentence is translated whole; its placeholders become the links.
  const sentence = t(terms && privacy ? 'legal.agree' : terms ? 'legal.agreeTerms' : 'legal.agreePrivacy')
  // The input sits inside its label: the name holds inside the shadow root, where `for` lookups may not reach.
  return (
    <label className="f-legal">
      <input
        type="checkbox"
        checked={accepted}
        onChange={(event) => {
          const checked = event.currentTarget.checked
          kernel.store.update('modal', (modal) => ({ ...modal, legalAccepted: checked }))
        }}
      />
      <span>
        {sentence.split(PLACEHOLDER).map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move, so their place names them.
          <Fragment key={index}>{part === '{terms}' ? termsLink : part === '{privacy}' ? privacyLink : part}</Fragment>
        ))}
      </span>
    </label>
  )
}

/**
 * Shows `children` (a QR code, a way to connect) only once the visitor has ticked the `legalCheckbox`;
 * until then the checkbox stands in their place, so nothing starts before consent.
 */
export function LegalGate({ children }: { children: ReactNode }) {
  return useLegalConsent().locked ? <LegalCheckbox /> : children
}
