import { describe, expect, it } from 'vitest'

import { transaction } from '../../test/memoryBlockchainApi.js'
import { nftsFromHistory } from './nftsFromHistory.js'

const nft = (name: string, direction: 'in' | 'out', isSpam = false, imageUrl?: string) => ({
  direction,
  quantity: { numeric: '1' },
  nft: { name, isSpam, ...(imageUrl ? { imageUrl } : {}) },
})

describe('nftsFromHistory', () => {
  it('received NFTs, newest first, one per name', () => {
    const history = [
      transaction('3', '2026-03-01T00:00:00.000Z', { transfers: [nft('Ape #2', 'in', false, 'data:image/png;base64,AA')] }),
      transaction('2', '2026-02-01T00:00:00.000Z', { transfers: [nft('Ape #1', 'in')] }),
      transaction('1', '2026-01-01T00:00:00.000Z', { transfers: [nft('Ape #1', 'in')] }),
    ]
    expect(nftsFromHistory(history)).toEqual([{ name: 'Ape #2', imageUrl: 'data:image/png;base64,AA' }, { name: 'Ape #1' }])
  })

  it('an NFT sent away later, spam and fungible transfers are left out', () => {
    const history = [
      transaction('3', '2026-03-01T00:00:00.000Z', { transfers: [nft('Ape #1', 'out')] }),
      transaction('2', '2026-02-01T00:00:00.000Z', { transfers: [nft('Ape #1', 'in'), nft('Free Mint', 'in', true)] }),
      transaction('1', '2026-01-01T00:00:00.000Z'),
    ]
    expect(nftsFromHistory(history)).toEqual([])
  })
})
