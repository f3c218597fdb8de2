import type { Network } from '../model/network.js'
import { hasMark, type MarkRef } from './marks.js'
import { WalletImage } from './WalletImage.js'

export interface NetworkImageProps {
  network: Pick<Network, 'caipNetworkId' | 'name' | 'imageUrl'>
  /** Where to look after the package's marks: the directory's image by the network's name. */
  fallbackSrc?: string
  /** @default 32 */
  size?: number
}

/**
 * A network's mark: the host's `imageUrl`, else the package's mark by its CAIP-2 id, else `fallbackSrc`, else its
 * letter. The package comes before the directory, whose image for a network it does not know is a lettered circle.
 */
export function NetworkImage({ network, fallbackSrc, size = 32 }: NetworkImageProps) {
  const mark: MarkRef = ['network', network.caipNetworkId]
  const src = network.imageUrl ?? (hasMark(mark) ? undefined : fallbackSrc)
  return <WalletImage src={src} name={network.name} mark={mark} size={size} />
}
