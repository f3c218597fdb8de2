// Properties of the values that cross into Foyer from wallets, services and hosts: CAIP ids and addresses. Each
// property says what must hold for every input fast-check can think of, not for a few examples.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isEvmAddress, isSolanaAddress, withHexPrefix } from './addresses.mjs'
import { BaseError } from './BaseError.mjs'
import { formatCaipAddress, formatCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip.mjs'

/** A Foyer error of that name: the kernel's isFoyerError, which reads `name` and `shortMessage`. */
const isFoyerError = (error: unknown, name: string) => error instanceof BaseError && error.name === name && 'shortMessage' in error

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

describe('property: CAIP-2 and CAIP-10 ids', () => {
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
})
