import { describe, expect, it } from 'vitest'
import { walletConnectLink } from './walletConnectLink.js'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=1700000000'
const encoded = encodeURIComponent(uri)

describe('walletConnectLink', () => {
  it.each([
    ['an app scheme', 'trust://', `trust://wc?uri=${encoded}`],
    ['an app scheme with a path', 'okex://main/', `okex://main/wc?uri=${encoded}`],
    ['a scheme without //', 'metamask:', `metamask://wc?uri=${encoded}`],
    ['a universal link with a closing /', 'https://link.trustwallet.com/', `https://link.trustwallet.com/wc?uri=${encoded}`],
    ['a universal link without one', 'https://metamask.app.link', `https://metamask.app.link/wc?uri=${encoded}`],
  ])('%s gets wc?uri= and the encoded URI', (_, base, link) => {
    expect(walletConnectLink(base, uri)).toBe(link)
  })

  it('the URI is encoded whole, so its own ? and & stay inside the parameter', () => {
    const link = new URL(walletConnectLink('https://wallet.example.com/', uri))
    expect(link.searchParams.get('uri')).toBe(uri)
    expect([...link.searchParams.keys()]).toEqual(['uri'])
  })
})
