import { isSafeImageUrl } from '../model/network.js'
import { gradientFor } from './gradient.js'

export { gradientFor }

/** A round avatar: the profile image when there is a safe one, else colours derived from the address. */
export function Avatar({ address, src, size = 64 }: { address: string; src?: string; size?: number }) {
  const style = { width: size, height: size }
  if (isSafeImageUrl(src)) return <img className="f-avatar" style={style} src={src} alt="" />
  return <span className="f-avatar" style={{ ...style, background: gradientFor(address) }} aria-hidden="true" />
}
