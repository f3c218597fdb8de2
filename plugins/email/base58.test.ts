import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.js'
import { isEmail } from './isEmail.js'

describe('base58 (checked against @solana/kit)', () => {
  const samples = [
    new Uint8Array([]),
    new Uint8Array([0]),
    new Uint8Array([0, 0, 1, 2, 255]),
    Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256),
  ]
  it.each(samples.map((bytes) => [bytes]))('%o encodes and decodes as Solana does', (bytes) => {
    const text = getBase58Decoder().decode(bytes)
    expect(encodeBase58(bytes)).toBe(text)
    expect(decodeBase58(text)).toEqual(new Uint8Array(getBase58Encoder().encode(text)))
  })
  it('a character outside the alphabet is refused', () => {
    expect(() => decodeBase58('0OIl')).toThrow("'0' is not a base58 character.")
  })
})

describe('isEmail (rules §5)', () => {
  it('addresses a mail can go to', () => {
    for (const value of ['ada@example.com', ' ada.lovelace+foyer@mail.example.org ']) expect(isEmail(value)).toBe(true)
    for (const value of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`])
      expect(isEmail(value)).toBe(false)
  })
})
