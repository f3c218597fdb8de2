// A transaction's explorer link joins two strings Foyer did not choose: the host's explorer URL and the wallet's
// hash. Only an http(s) explorer gives a link, and the hash cannot leave its path segment.
import { describe, expect, it } from 'vitest'

import { transactionUrl } from './explorer.js'

describe('transactionUrl', () => {
  const explorer = (url: string) => ({ blockExplorers: { default: { name: 'Scan', url } } })

  it('the hash on the explorer the host named, without a doubled slash', () => {
    expect(transactionUrl(explorer('https://scan.example.org'), '0xab12')).toBe('https://scan.example.org/tx/0xab12')
    expect(transactionUrl(explorer('https://scan.example.org/'), '0xab12')).toBe('https://scan.example.org/tx/0xab12')
  })

  it('no link without a hash, an explorer, or an http(s) explorer', () => {
    expect(transactionUrl(explorer('https://scan.example.org'), undefined)).toBeUndefined()
    expect(transactionUrl(explorer('https://scan.example.org'), '')).toBeUndefined()
    expect(transactionUrl(undefined, '0xab12')).toBeUndefined()
    expect(transactionUrl({}, '0xab12')).toBeUndefined()
    expect(transactionUrl(explorer('javascript:alert(1)//'), '0xab12')).toBeUndefined()
    expect(transactionUrl(explorer('not a url'), '0xab12')).toBeUndefined()
  })

  it("a wallet's hash stays one path segment on the explorer", () => {
    expect(transactionUrl(explorer('https://scan.example.org'), '../../login?next=x#y')).toBe(
      'https://scan.example.org/tx/..%2F..%2Flogin%3Fnext%3Dx%23y',
    )
  })
})
