// The hex helpers the connection path uses instead of viem (#21), checked against viem itself.
import { randomBytes } from 'node:crypto'
import { getAddress, numberToHex, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { checksumAddress, isHexAddress, toQuantity, utf8ToHex } from './hex.js'

const randomAddress = () => `0x${randomBytes(20).toString('hex')}`

describe('evm hex', () => {
  it('checksums as EIP-55 and viem do, whatever the case given', () => {
    // EIP-55's own examples.
    expect(checksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
    expect(checksumAddress('0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')
    for (let run = 0; run < 300; run++) {
      const address = randomAddress()
      expect(checksumAddress(address)).toBe(getAddress(address))
      expect(checksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(getAddress(address))
    }
  })

  it('refuses anything that is not 0x and 40 hex digits', () => {
    for (const bad of [
      '',
      '0x',
      'f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226',
      '0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      ' 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    ]) {
      expect(isHexAddress(bad)).toBe(false)
      expect(() => checksumAddress(bad)).toThrow('is not an EVM address')
    }
    expect(isHexAddress(42)).toBe(false)
  })

  it('quantities and UTF-8 messages as viem writes them', () => {
    for (const value of [0, 1, 15, 16, 31337, Number.MAX_SAFE_INTEGER]) expect(toQuantity(value)).toBe(numberToHex(value))
    expect(toQuantity(2n ** 200n)).toBe(numberToHex(2n ** 200n))
    for (const text of ['', 'Sign in to example.com', 'naïve ☕ 日本語 🦊', '\u0000\n']) expect(utf8ToHex(text)).toBe(stringToHex(text))
  })
})
