import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.mjs'

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

  it('reads anything that is not base58 text as undefined', () => {
    for (const text of ['0OIl', 'abc def', 'é', 42, undefined]) expect(decodeBase58(text as string)).toBeUndefined()
  })
})
