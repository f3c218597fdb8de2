import { describe, expect, it } from 'vitest'
import { BROWSE_WALLETS, coinbaseDappUrl, phantomBrowseUrl, solflareBrowseUrl } from './browseLinks.js'

// A page address with everything that must survive the trip: a path, a query with & and =, a
// fragment, a space and non-ASCII text.
const page = 'https://shop.example/café/list?a=1&b=two words#top'
const origin = 'https://shop.example'
const encodedPage = 'https%3A%2F%2Fshop.example%2Fcaf%C3%A9%2Flist%3Fa%3D1%26b%3Dtwo%20words%23top'

describe('wallet app browse links (rules §2)', () => {
  it("Phantom's is /ul/browse/<encoded page>?ref=<encoded origin>", () => {
    expect(phantomBrowseUrl(page, origin)).toBe(`https://phantom.app/ul/browse/${encodedPage}?ref=https%3A%2F%2Fshop.example`)
  })

  it("Solflare's is /ul/v1/browse/<encoded page>?ref=<encoded origin>", () => {
    expect(solflareBrowseUrl(page, origin)).toBe(`https://solflare.com/ul/v1/browse/${encodedPage}?ref=https%3A%2F%2Fshop.example`)
  })

  it("Coinbase Wallet's is go.cb-w.com/dapp?cb_url=<encoded page>", () => {
    expect(coinbaseDappUrl(page)).toBe(`https://go.cb-w.com/dapp?cb_url=${encodedPage}`)
  })

  it('the page comes back out exactly as it went in', () => {
    for (const wallet of BROWSE_WALLETS) {
      const link = new URL(wallet.link(page, origin))
      const carried = link.searchParams.get('cb_url') ?? decodeURIComponent(link.pathname.split('/').at(-1)!)
      expect(carried).toBe(page)
      // Nothing in the page can add a query parameter or a fragment to the wallet's own link.
      expect(link.hash).toBe('')
      expect([...link.searchParams.keys()]).toEqual([wallet.name === 'Coinbase Wallet' ? 'cb_url' : 'ref'])
    }
  })

  it('the three apps of rules §2, in order, with namespaced ids', () => {
    expect(BROWSE_WALLETS.map(({ id, name }) => [id, name])).toEqual([
      ['solana:browse:phantom', 'Phantom'],
      ['solana:browse:solflare', 'Solflare'],
      ['solana:browse:coinbase', 'Coinbase Wallet'],
    ])
  })
})
