// Properties of the values that cross into Foyer from wallets, services and hosts: shortened addresses and amounts
// (CAIP ids and address formats: protocol/protocol.property.test.ts). Each property says what must hold for every
// input fast-check can think of, not for a few examples.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { shortenAddress } from './addresses.js'
import { formatBalance, formatFiat, formatNumber, formatUnits, truncateDecimal } from './format.js'

const char = (set: string) => fc.constantFrom(...set)
/** Anything a hostile wallet or service could hand over as an id: text full of separators and odd characters. */
const hostileText = fc.oneof(fc.string(), fc.string({ unit: char(':-_.%0aZ \n\u0000é😀…') }), fc.string({ unit: 'grapheme' }))

/** The thrown error, or undefined. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('property: addresses', () => {
  it('property: a shortened address keeps its start and end and is never longer', () => {
    fc.assert(
      fc.property(hostileText, fc.nat(12), fc.nat(12), (address, head, tail) => {
        const short = shortenAddress(address, head, tail)
        expect(short.length).toBeLessThanOrEqual(address.length)
        if (short === address) return
        // Cut where the ellipsis must be, not at the first '…': hostile text may hold one of its own.
        const cut = (address.startsWith('0x') ? 2 : 0) + head
        expect(short[cut]).toBe('…')
        expect(address.startsWith(short.slice(0, cut))).toBe(true)
        expect(address.endsWith(short.slice(cut + 1))).toBe(true)
      }),
      // Found by CI: an address with an ellipsis of its own.
      { examples: [['… 𐀀', 2, 0]] },
    )
  })
})

describe('property: amounts', () => {
  const decimals = fc.integer({ min: 0, max: 40 })
  /** An exact decimal string of `units` with `decimals` places, built without Foyer's own code. */
  const plain = (units: bigint, places: number) => {
    const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0')
    return `${units < 0n ? '-' : ''}${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places) || '0'}`
  }

  it('property: formatUnits is exact: the string read back as units is the value', () => {
    fc.assert(
      fc.property(fc.bigInt(), decimals, (value, places) => {
        const text = formatUnits(value, places)
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/)
        const [whole = '', fraction = ''] = text.replace('-', '').split('.')
        const units = BigInt(whole + fraction.padEnd(places, '0'))
        expect(text.startsWith('-') ? -units : units).toBe(value)
      }),
    )
  })

  it('property: formatUnits refuses a precision that is not a whole number of at least zero', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: -1 }),
          fc.double().filter((n) => !Number.isInteger(n)),
        ),
        (places) => {
          expect((thrown(() => formatUnits(1n, places)) as Error).name).toBe('InvalidDecimalsError')
        },
      ),
    )
  })

  it('property: truncating never rounds up, never adds digits, and drops no whole digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), decimals, fc.nat(8), (units, places, keep) => {
        const exact = plain(units, places)
        const cut = truncateDecimal(exact, keep)
        expect(cut).toMatch(/^-?\d+(\.\d*[1-9])?$/)
        expect((cut.split('.')[1] ?? '').length).toBeLessThanOrEqual(keep)
        // |cut| <= |exact| and they differ by less than one unit in the last kept place.
        const scale = 10n ** BigInt(Math.max(places, keep))
        const toUnits = (text: string) => {
          const [whole = '', fraction = ''] = text.replace('-', '').split('.')
          return BigInt(whole) * scale + BigInt(fraction.padEnd(Math.max(places, keep), '0') || '0')
        }
        const gap = toUnits(exact) - toUnits(cut)
        expect(gap >= 0n).toBe(true)
        expect(gap < scale / 10n ** BigInt(keep)).toBe(true)
      }),
    )
  })

  it('property: a displayed amount in en-US is the truncated amount with thousands grouped, digit for digit', () => {
    // Below Intl's ceiling (about 1.8e308); past it the plain digits are shown, as the next property checks.
    const numeric = fc.stringMatching(/^-?\d{1,40}(\.\d{1,40})?(e[+-]?\d{1,2})?$/)
    fc.assert(
      fc.property(numeric, fc.integer({ min: 0, max: 20 }), (value, places) => {
        expect(formatNumber(value, places).replaceAll(',', '')).toBe(truncateDecimal(value, places))
        const [whole, cents = ''] = truncateDecimal(value, 2).split('.')
        expect(formatFiat(value).replace(/[$,]/g, '')).toBe(`${whole}.${cents.padEnd(2, '0')}`)
      }),
    )
  })

  it("an amount past Intl's ceiling shows its digits, not ∞", () => {
    expect(formatNumber('7e400')).toBe(`7${'0'.repeat(400)}`)
    expect(formatFiat('5e400')).toBe(`USD 5${'0'.repeat(400)}.00`)
  })

  it('property: the display helpers never throw and always give digits, whatever they are handed', () => {
    const anyNumeric = fc.oneof(
      fc.double(),
      fc.bigInt(),
      hostileText,
      fc.stringMatching(/^[+-]?\d{0,30}(\.\d{0,30})?(e[+-]?\d{1,5})?$/),
      fc.record({ numeric: fc.oneof(hostileText, fc.anything()), decimals: fc.anything() }),
      fc.anything(),
    )
    const locale = fc.oneof(fc.constant(undefined), fc.constantFrom('en-US', 'de-DE', 'ar-EG', 'hi-IN'), hostileText)
    const currency = fc.oneof(fc.constantFrom('USD', 'EUR', 'JPY'), hostileText)
    fc.assert(
      fc.property(anyNumeric, fc.integer({ min: -5, max: 200 }), locale, currency, (value, places, where, code) => {
        for (const text of [
          formatNumber(value as never, places, where as never),
          formatBalance(value as never, where as never),
          formatFiat(value as never, code, where as never),
          truncateDecimal(value as never, places),
        ]) {
          expect(typeof text).toBe('string')
          expect(text).toMatch(/\p{Nd}/u)
        }
      }),
      { numRuns: 500 },
    )
  })
})
