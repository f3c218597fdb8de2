import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siTelegram, siX } from 'simple-icons'
import type { SocialName } from './constants.js'

// The providers' marks from simple-icons (CC0), imported one by one so the bundle keeps only these eight; they load
// with the socials buttons' lazy chunk, never with the first paint.
const MARKS: Record<SocialName, { path: string; hex: string }> = {
  google: siGoogle,
  x: siX,
  farcaster: siFarcaster,
  discord: siDiscord,
  apple: siApple,
  github: siGithub,
  facebook: siFacebook,
  telegram: siTelegram,
}

/**
 * A provider's mark in its brand colour on a neutral tile. Marks whose brand colour is black or nearly (X, Apple,
 * GitHub) take the text colour instead, so they stay visible in the dark theme. Decorative: the button says the name.
 */
export function ProviderIcon({ provider, size = 40 }: { provider: SocialName; size?: number }) {
  const { path, hex } = MARKS[provider]
  const glyph = Math.round(size * 0.6)
  return (
    <span className="f-wallet-image f-brand-tile" style={{ width: size, height: size }} data-provider={provider} aria-hidden="true">
      <svg width={glyph} height={glyph} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        <path d={path} fill={isNearlyBlack(hex) ? 'currentColor' : `#${hex}`} />
      </svg>
    </span>
  )
}

function isNearlyBlack(hex: string): boolean {
  const [red, green, blue] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))
  return red! + green! + blue! < 3 * 0x30
}
