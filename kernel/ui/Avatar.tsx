import { isSafeImageUrl } from '../model/network.js'

/** A round avatar: the profile image when there is a safe one, else colours derived from the address. */
export function Avatar({ address, src, size = 64 }: { address: string; src?: string; size?: number }) {
  const style = { width: size, height: size }
  if (isSafeImageUrl(src)) return <img className="f-avatar" style={style} src={src} alt="" />
  return <span className="f-avatar" style={{ ...style, background: gradientFor(address) }} aria-hidden="true" />
}

/** Two hues from a cheap hash of the address, so each account keeps its own look. */
export function gradientFor(address: string): string {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const first = hash % 360
  const second = (first + 40 + ((hash >>> 9) % 120)) % 360
  return `linear-gradient(135deg, hsl(${first} 70% 60%), hsl(${second} 70% 45%))`
}
