import { useEffect, useState } from 'react'
import { isSafeImageUrl } from '../model/network.js'

/** rules §9: an icon that has not loaded within 2 s gives way to the fallback. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

export interface WalletImageProps {
  /** Untrusted: only https and data:image URLs (and http on loopback) are loaded. */
  src?: string
  /** The wallet's name; its first letter stands in when there is no usable image. */
  name: string
  /** @default 40 */
  size?: number
}

type ImageState = 'loading' | 'loaded' | 'failed'

/**
 * A wallet's or network's icon. The image is preloaded; until it arrives, and for good when it fails
 * or takes over 2 s, a lettered tile stands in. Decorative: rows carry the name.
 */
export function WalletImage({ src, name, size = 40 }: WalletImageProps) {
  const safe = isSafeImageUrl(src) ? src : undefined
  const [state, setState] = useState<ImageState>(safe ? 'loading' : 'failed')

  useEffect(() => {
    if (!safe) return setState('failed')
    setState('loading')
    const image = new Image()
    const timeout = setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), IMAGE_PRELOAD_TIMEOUT_MS)
    image.onload = () => {
      clearTimeout(timeout)
      setState((current) => (current === 'loading' ? 'loaded' : current))
    }
    image.onerror = () => {
      clearTimeout(timeout)
      setState('failed')
    }
    image.src = safe
    return () => {
      clearTimeout(timeout)
      image.onload = image.onerror = null
    }
  }, [safe])

  const style = { width: size, height: size }
  if (state !== 'loaded' || !safe) {
    return (
      <span className="f-wallet-image f-wallet-fallback" style={style} aria-hidden="true" data-state={state}>
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    )
  }
  return <img className="f-wallet-image" style={style} src={safe} alt="" />
}
