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

/** The part of an image element the preload uses. */
export type PreloadedImage = Pick<HTMLImageElement, 'onload' | 'onerror' | 'src'>

/**
 * Loads `src` into `image` and says once how it went: 'loaded', or 'failed' when it errs or has not loaded within 2 s
 * (rules §9); an answer after that is ignored. Returns the cancel.
 */
export function preloadImage(src: string, settle: (state: 'loaded' | 'failed') => void, image: PreloadedImage): () => void {
  let settled = false
  const finish = (state: 'loaded' | 'failed') => {
    if (settled) return
    settled = true
    clearTimeout(timeout)
    settle(state)
  }
  const timeout = setTimeout(() => finish('failed'), IMAGE_PRELOAD_TIMEOUT_MS)
  image.onload = () => finish('loaded')
  image.onerror = () => finish('failed')
  image.src = src
  return () => {
    settled = true
    clearTimeout(timeout)
    image.onload = image.onerror = null
  }
}

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
    return preloadImage(safe, setState, new Image())
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
