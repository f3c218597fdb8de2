import { useEffect, useState } from 'react'
import { isSafeImageUrl } from '../model/network.js'
import { loadedMark, loadMark, type MarkRef } from './marks.js'

/** rules §9: an icon that has not loaded within 2 s gives way to the fallback. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

export interface WalletImageProps {
  /** Untrusted: only https and data:image URLs (and http on loopback) are loaded. */
  src?: string
  /** The wallet's name; its first letter stands in when there is no usable image. */
  name: string
  /**
   * The package mark to show when there is no `src` or it fails: a wallet by its name, a network by its CAIP-2 id
   * (`['network', 'eip155:1']`). The letter tile stands in only where no package draws it.
   */
  mark?: MarkRef
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
 * A wallet's, network's or token's icon: `src`, else (or when it fails) the package's `mark`. The image is preloaded;
 * until it arrives, and for good when both fail or take over 2 s, a lettered tile stands in. Decorative: rows carry
 * the name.
 */
export function WalletImage({ src, name, mark, size = 40 }: WalletImageProps) {
  const given = isSafeImageUrl(src) ? src : undefined
  const [failed, setFailed] = useState<string>()
  const markUrl = useMark(given && failed !== given ? undefined : mark)
  const safe = given && failed !== given ? given : markUrl
  const [state, setState] = useState<ImageState>(safe ? 'loading' : 'failed')

  useEffect(() => {
    if (!safe) return setState('failed')
    setState('loading')
    return preloadImage(
      safe,
      (settled) => {
        setState(settled)
        if (settled === 'failed' && safe === given) setFailed(given)
      },
      new Image(),
    )
  }, [safe, given])

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

/** The mark's image URL: at once when a view loaded it before, else once its module has loaded. */
function useMark(mark: MarkRef | undefined): string | undefined {
  const [kind, id] = mark ?? []
  const [url, setUrl] = useState(() => mark && loadedMark(mark))
  useEffect(() => {
    if (!kind || id === undefined) return setUrl(undefined)
    let live = true
    setUrl(loadedMark([kind, id]))
    loadMark([kind, id]).then(
      (loaded) => live && setUrl(loaded),
      () => live && setUrl(undefined),
    )
    return () => {
      live = false
    }
  }, [kind, id])
  return url
}
