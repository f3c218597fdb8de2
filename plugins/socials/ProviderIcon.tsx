import { PROVIDER_LABELS, type SocialName } from './constants.js'

/** A provider's mark: its initial on a neutral disc (no brand artwork is shipped). Decorative. */
export function ProviderIcon({ provider, size = 40 }: { provider: SocialName; size?: number }) {
  return (
    <span className="f-wallet-image f-wallet-fallback" style={{ width: size, height: size }} aria-hidden="true">
      {/* One letter, a word of the button's name ('Continue with GitHub'), so what shows is part of what is read. */}
      {PROVIDER_LABELS[provider].charAt(0)}
    </span>
  )
}
