import { describe, expect, it } from 'vitest'
import { tokenIconUrl } from './tokenIconUrl.mjs'

const isMark = (url: string) => decodeURIComponent(url).includes('class="web3icons"')

describe('tokenIconUrl', () => {
  it('gives the brand mark of a token the API vouches for; only these known symbols still fall back to letters', async () => {
    const symbols = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'SOL', 'WBTC', 'POL', 'BNB', 'AVAX', 'USDTS']
    const fallBack = []
    for (const symbol of symbols) if (!isMark(await tokenIconUrl(symbol, { vouched: true }))) fallBack.push(symbol)
    // No package draws wrapped ether, nor the local stack's Tether-style fixture (a symbol of its own).
    expect(fallBack).toEqual(['WETH', 'USDTS'])
  })

  it('keeps the letters for a token only met on chain, whatever symbol it gives itself', async () => {
    const url = await tokenIconUrl('USDC')
    expect(isMark(url)).toBe(false)
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toContain('>USD<')
  })
})
