import { describe, expect, it } from 'vitest'
import { coinTypeOf, normalizeLabel, validateLabel } from './nameRules.js'

describe('rules §5 name rules', () => {
  it('letters, digits and hyphens, at least 4 characters; any case, the zone may be typed', () => {
    expect(validateLabel('alice-foyer')).toBeUndefined()
    expect(validateLabel('a1-2')).toBeUndefined()
    expect(validateLabel(normalizeLabel('  Alice-Foyer.FOYER.id ', 'foyer.id'))).toBeUndefined()
    expect(normalizeLabel('Alice.foyer.id', 'foyer.id')).toBe('alice')
  })

  it('under 4 characters, other characters and over 63 are refused, each with its reason', () => {
    expect(validateLabel('abc')).toBe('names.error.short')
    expect(validateLabel('')).toBe('names.error.short')
    expect(validateLabel('al_ce')).toBe('names.error.characters')
    expect(validateLabel('alicé')).toBe('names.error.characters')
    expect(validateLabel('alice.eth')).toBe('names.error.characters')
    expect(validateLabel('alice foyer')).toBe('names.error.characters')
    // The characters rule wins over the length: 'a_b' is told what to change first.
    expect(validateLabel('a_b')).toBe('names.error.characters')
    expect(validateLabel('x'.repeat(63))).toBeUndefined()
    expect(validateLabel('x'.repeat(64))).toBe('names.error.long')
  })

  it('a hyphen may stand inside a name but neither first nor last', () => {
    expect(validateLabel('ab-cd')).toBeUndefined()
    expect(validateLabel('a--b')).toBeUndefined()
    expect(validateLabel('-abcd')).toBe('names.error.hyphen')
    expect(validateLabel('abcd-')).toBe('names.error.hyphen')
    expect(validateLabel('----')).toBe('names.error.hyphen')
  })

  it('ENSIP-11 coin types: Ethereum keeps 60, other chains set the top bit', () => {
    expect(coinTypeOf(1)).toBe(60)
    expect(coinTypeOf(31337)).toBe(0x80000000 + 31337)
    expect(coinTypeOf(10)).toBe(2147483658)
  })
})
