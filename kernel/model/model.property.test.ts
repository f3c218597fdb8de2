// Properties of the values that cross into Foyer from wallets, services and hosts: CAIP ids, addresses and
// amounts. Each property says what must hold for every input fast-check can think of, not for a few examples.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isFoyerError } from '../core/errors/BaseError.js'
import { formatCaipAddress, formatCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip.js'
import { isEvmAddress, isSolanaAddress, shortenAddress, withHexPrefix } from './addresses.js'
import { formatBalance, formatFiat, formatNumber, formatUnits, truncateDecimal } from './format.js'

const char = (set: string) => fc.constantFrom(...set)
const word = (set: string, minLength: number, maxLength: number) => fc.string({ unit: char(set), minLength, maxLength })
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789-'
const REFERENCE = `${LOWER}_ABCDEFGHIJKLMNOPQRSTUVWXYZ`
const namespace = word(LOWER, 3, 8)
const reference = word(REFERENCE, 1, 32)
const account = word(`${REFERENCE.replace('_', '')}.%`, 1, 128)
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

describe('property: CAIP-2 and CAIP-10 ids', { timeout: 30_000 }, () => {
  it('property: formatting then parsing a well-formed network id gives its parts back', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        expect(parseCaipNetworkId(formatCaipNetworkId(ns, ref))).toEqual({ namespace: ns, reference: ref })
      }),
    )
  })

  it('property: formatting then parsing a well-formed account id gives its parts back', () => {
    fc.assert(
      fc.property(namespace, reference, account, (ns, ref, address) => {
        const caip = formatCaipAddress(`${ns}:${ref}`, address)
        expect(parseCaipAddress(caip)).toEqual({ namespace: ns, reference: ref, address, networkId: `${ns}:${ref}` })
      }),
    )
  })

  it('property: any other text is refused with rules §5 wording, never another error', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const network = thrown(() => parseCaipNetworkId(text))
        if (network !== undefined) {
          expect(isFoyerError(network, 'InvalidCaip2NetworkIdError')).toBe(true)
          expect((network as Error).message).toContain(`Invalid CAIP-2 network id: ${text}`)
        } else {
          // Whatever parsed has exactly two parts that put back together give the input.
          const { namespace: ns, reference: ref } = parseCaipNetworkId(text)
          expect(`${ns}:${ref}`).toBe(text)
        }
        const address = thrown(() => parseCaipAddress(text))
        if (address !== undefined) {
          const name = (address as Error).name
          expect(['InvalidCaipAddressError', 'InvalidCaip10AddressError']).toContain(name)
          expect((address as Error).message).toMatch(
            name === 'InvalidCaipAddressError' ? /^Invalid CAIP Address/ : /^Invalid CAIP-10 address: /,
          )
        } else {
          const parsed = parseCaipAddress(text)
          expect(`${parsed.networkId}:${parsed.address}`).toBe(text)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('property: values that are not strings are refused with rules §5 wording', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect((thrown(() => parseCaipNetworkId(value as string)) as Error).name).toBe('InvalidCaip2NetworkIdError')
          expect((thrown(() => parseCaipAddress(value as string)) as Error).name).toBe('InvalidCaipAddressError')
        },
      ),
    )
  })
})

describe('property: addresses', () => {
  const hex40 = word('0123456789abcdefABCDEF', 40, 40)

  it('property: an EVM address is exactly 40 hex digits after an optional 0x, and withHexPrefix keeps it one', () => {
    fc.assert(
      fc.property(hex40, fc.boolean(), fc.constantFrom('', ' ', '\t'), (digits, prefixed, space) => {
        const address = prefixed ? `0x${digits}` : digits
        expect(isEvmAddress(address)).toBe(true)
        expect(withHexPrefix(`${space}${address}${space}`)).toBe(`0x${digits}`)
        expect(isEvmAddress(withHexPrefix(address))).toBe(true)
      }),
    )
  })

  it('property: nothing else is an EVM or Solana address', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(isEvmAddress(text)).toBe(/^(0x)?[0-9a-fA-F]{40}$/.test(text))
        expect(isSolanaAddress(text)).toBe(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text))
      }),
    )
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect(isEvmAddress(value) || isSolanaAddress(value)).toBe(false)
        },
      ),
    )
  })

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

describe('property: amounts', { timeout: 30_000 }, () => {
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
