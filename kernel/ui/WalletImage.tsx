import { useState } from 'react'
import { isSafeImageUrl } from '../network.js'

export interface WalletImageProps {
  /** Untrusted: only https and data:image URLs are loaded. */
  src?: string
  /** The wallet's name; its first letter stands in when there is no usable image. */
  name: string
  /** @default 40 */
  size?: number
}

/** A wallet's or network's icon, with a lettered tile as fallback. Decorative: rows carry the name. */
export function WalletImage({ src, name, size = 40 }: WalletImageProps) {
  const [failed, setFailed] = useState(false)
  const style = { width: size, height: size }
  if (!isSafeImageUrl(src) || failed) {
    return (
      <span className="f-wallet-image f-wallet-fallback" style={style} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    )
  }
  return <img className="f-wallet-image" style={style} src={src} alt="" onError={() => setFailed(true)} />
}
