import { isEvmAddress, isSolanaAddress, withHexPrefix } from 'foyer/protocol'
import { describe, expect, it } from 'vitest'
import { testChain, testKernel } from '../../test/fixtures.js'

import { isValidAddress, normalizeAddress, shortenAddress } from './addresses.js'

const EVM = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const SOLANA = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

describe("isValidAddress and normalizeAddress (the chain's address capability)", () => {
  const kernel = testKernel({
    plugins: [
      testChain({ addressRules: { isValid: isEvmAddress, normalize: withHexPrefix } }),
      testChain({ namespace: 'solana', addressRules: { isValid: isSolanaAddress } }),
    ],
  })

  it("a chain's rules decide for its namespace", () => {
    expect(isValidAddress(kernel, 'eip155', EVM)).toBe(true)
    expect(isValidAddress(kernel, 'eip155', SOLANA)).toBe(false)
    expect(isValidAddress(kernel, 'solana', SOLANA)).toBe(true)
    expect(isValidAddress(kernel, 'solana', EVM)).toBe(false)
  })

  it('normalizes through the chain, else only trims', () => {
    expect(normalizeAddress(kernel, 'eip155', ` ${EVM.slice(2)} `)).toBe(EVM)
    expect(normalizeAddress(kernel, 'solana', ` ${SOLANA} `)).toBe(SOLANA)
    expect(normalizeAddress(kernel, 'bip122', ' bc1q ')).toBe('bc1q')
  })

  it.each(['bip122', 'polkadot', 'cosmos', 'unknown'])('%s (no chain rules) takes any short token without whitespace', (ns) => {
    expect(isValidAddress(kernel, ns, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(isValidAddress(kernel, ns, 'x'.repeat(128))).toBe(true)
    expect(isValidAddress(kernel, ns, 'x'.repeat(129))).toBe(false)
    expect(isValidAddress(kernel, ns, '')).toBe(false)
    expect(isValidAddress(kernel, ns, 'a b')).toBe(false)
    expect(isValidAddress(kernel, ns, 'ab\t')).toBe(false)
    expect(isValidAddress(kernel, ns, 'a\u00a0b')).toBe(false)
    expect(isValidAddress(kernel, ns, 7)).toBe(false)
  })
})

describe('shortenAddress', () => {
  it('keeps 0x outside the head count for EVM', () => {
    expect(shortenAddress(EVM)).toBe('0xab16…fcdb')
  })

  it('shortens a Solana address without a prefix', () => {
    expect(shortenAddress(SOLANA)).toBe('7S3P…AaKv')
  })

  it('honours custom head and tail', () => {
    expect(shortenAddress(EVM, 6, 2)).toBe('0xab16a9…db')
    expect(shortenAddress(SOLANA, 6, 6)).toBe('7S3P4H…ArAaKv')
  })

  it('a zero tail keeps only the head', () => {
    expect(shortenAddress(EVM, 4, 0)).toBe('0xab16…')
  })

  it('returns short values unchanged rather than lengthening them', () => {
    expect(shortenAddress('0x123456789')).toBe('0x123456789')
    expect(shortenAddress('abc')).toBe('abc')
    expect(shortenAddress('')).toBe('')
  })

  it('shortens once the result is strictly shorter', () => {
    expect(shortenAddress('0x1234567890')).toBe('0x1234…7890')
  })
})
