import type { Transaction } from 'foyer/query'

/** An NFT to show in the grid. */
export interface NftItem {
  name: string
  /** Already checked by the client: https, data:image or loopback http. */
  imageUrl?: string
}

/**
 * The NFTs the account received, newest first, one per name, spam left out. The data service has no
 * NFT inventory call (rules §7), so the grid is built from the NFT transfers of the history; an NFT later
 * sent away (an 'out' transfer of the same name, seen newer first) is not shown.
 */
export function nftsFromHistory(transactions: readonly Transaction[]): NftItem[] {
  const seen = new Set<string>()
  const items: NftItem[] = []
  for (const transaction of transactions) {
    for (const transfer of transaction.transfers) {
      const nft = transfer.nft
      if (!nft || nft.isSpam || seen.has(nft.name)) continue
      seen.add(nft.name)
      if (transfer.direction !== 'out') items.push({ name: nft.name, ...(nft.imageUrl ? { imageUrl: nft.imageUrl } : {}) })
    }
  }
  return items
}
