// Properties of the sign-in grammars (docs/sign-in.md), for every message fast-check can think of: what a formatter
// writes parses back to the same fields, and the optional lines are accepted in the grammar's order only.
import fc from 'fast-check'
import { checksumAddress, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'

import { formatEip4361, parseEip4361, type Eip4361Fields } from './evm/eip4361.mjs'
import { SignInSyntaxError } from './signInGrammar.mjs'
import { formatSignInWithSolana, parseSignInWithSolana } from './signInWithSolana.mjs'

const char = (set: string) => fc.constantFrom(...set)
const word = (set: string, minLength: number, maxLength: number) => fc.string({ unit: char(set), minLength, maxLength })
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const UNRESERVED = `${ALNUM}-._~`
const SUB_DELIMS = "!$&'()*+,;="
const pctEncoded = fc.tuple(char('0123456789ABCDEFabcdef'), char('0123456789ABCDEFabcdef')).map(([a, b]) => `%${a}${b}`)
const pchar = fc.oneof({ weight: 8, arbitrary: char(`${UNRESERVED}${SUB_DELIMS}:@`) }, { weight: 1, arbitrary: pctEncoded })
const pchars = (max: number) => fc.array(pchar, { maxLength: max }).map((chars) => chars.join(''))

const host = fc.oneof(
  word(`${ALNUM}-.`, 1, 20),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
)
const authority = fc
  .tuple(
    fc.option(word(`${UNRESERVED}:`, 0, 8), { nil: undefined }),
    host,
    fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
  )
  .map(([user, name, port]) => `${user === undefined ? '' : `${user}@`}${name}${port === undefined ? '' : `:${port}`}`)
const scheme = fc.tuple(char('abcdefghijklmnopqrstuvwxyz'), word(`${ALNUM}+-.`, 0, 6)).map(([first, rest]) => first + rest)
const path = fc.array(pchars(8), { maxLength: 4 }).map((segments) => segments.map((segment) => `/${segment}`).join(''))
const uri = fc
  .tuple(scheme, authority, path, fc.option(pchars(10), { nil: undefined }), fc.option(pchars(10), { nil: undefined }))
  .map(([s, a, p, q, f]) => `${s}://${a}${p}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`)
const statement = word(`${UNRESERVED}${SUB_DELIMS}:/?#[]@ `, 0, 60)
const nonce = word(ALNUM, 8, 32)
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'))
const dateTime = fc
  .tuple(
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.option(fc.tuple(char('+-'), two(23), two(59)), { nil: undefined }),
    fc.option(word('0123456789', 1, 6), { nil: undefined }),
  )
  .map(([date, offset, fraction]) => {
    const text = date.toISOString().slice(0, 19) + (fraction === undefined ? '' : `.${fraction}`)
    return offset === undefined ? `${text}Z` : `${text}${offset[0]}${offset[1]}:${offset[2]}`
  })
const evmAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => checksumAddress(`0x${Buffer.from(bytes).toString('hex')}` as Hex))
const solanaAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58(bytes))
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })

function base58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = alphabet[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

/** Fields without the keys left undefined, as the parser returns them. */
const defined = (fields: object) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))

const commonFields = {
  domain: authority,
  statement: optional(statement),
  uri,
  version: fc.constant('1' as const),
  nonce,
  issuedAt: dateTime,
  expirationTime: optional(dateTime),
  notBefore: optional(dateTime),
  requestId: optional(pchars(20)),
  resources: optional(fc.array(uri, { maxLength: 3 })),
}
const eip4361Fields = fc.record({
  ...commonFields,
  scheme: optional(scheme),
  address: evmAddress,
  chainId: fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
})
const siwsFields = fc.record({
  ...commonFields,
  address: solanaAddress,
  chainId: fc.oneof(
    word(`${ALNUM}-_`, 1, 32),
    word(ALNUM, 1, 32).map((reference) => `solana:${reference}`),
  ),
})

describe('sign-in grammars, for any fields', () => {
  it('any EIP-4361 message the formatter writes parses back to the same fields', () => {
    fc.assert(
      fc.property(eip4361Fields, (fields) => {
        expect(parseEip4361(formatEip4361(fields as Eip4361Fields))).toEqual(defined(fields))
      }),
      { numRuns: 300 },
    )
  })

  it('any Sign In With Solana message the formatter writes parses back to the same fields', () => {
    fc.assert(
      fc.property(siwsFields, (fields) => {
        expect(parseSignInWithSolana(formatSignInWithSolana(fields))).toEqual(defined(fields))
      }),
      { numRuns: 300 },
    )
  })

  it('the optional lines are accepted in the grammar’s order and refused in any other', () => {
    const lines = [
      'Expiration Time: 2026-01-02T00:00:00Z',
      'Not Before: 2026-01-01T00:00:00Z',
      'Request ID: r-1',
      'Resources:\n- https://a.test/',
    ]
    const base = formatEip4361({
      domain: 'a.test',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      uri: 'https://a.test/',
      version: '1',
      chainId: '1',
      nonce: 'n0nce1234567',
      issuedAt: '2026-01-01T00:00:00Z',
    })
    fc.assert(
      fc.property(fc.shuffledSubarray(lines, { minLength: 1 }), fc.boolean(), (chosen, repeat) => {
        const written = repeat ? [...chosen, chosen[0]!] : chosen
        const inOrder = !repeat && chosen.every((line, i) => i === 0 || lines.indexOf(line) > lines.indexOf(chosen[i - 1]!))
        const message = [base, ...written].join('\n')
        if (inOrder) expect(() => parseEip4361(message)).not.toThrow()
        else expect(() => parseEip4361(message)).toThrow(SignInSyntaxError)
      }),
      { numRuns: 300 },
    )
  })

  it('any text either parses or is refused with a SignInSyntaxError naming a line; nothing else escapes', () => {
    const base = formatEip4361({
      domain: 'a.test',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      statement: 'Hi.',
      uri: 'https://a.test/',
      version: '1',
      chainId: '1',
      nonce: 'n0nce1234567',
      issuedAt: '2026-01-01T00:00:00Z',
    })
    const mangled = fc
      .tuple(fc.nat(base.length), fc.nat(base.length), fc.string({ unit: char(' \n:-/[]%@0aZé\r'), maxLength: 4 }))
      .map(([a, b, text]) => {
        const [from, to] = a < b ? [a, b] : [b, a]
        return base.slice(0, from) + text + base.slice(to)
      })
    fc.assert(
      fc.property(fc.oneof(fc.string(), mangled), (text) => {
        for (const parse of [parseEip4361, parseSignInWithSolana]) {
          try {
            parse(text)
          } catch (error) {
            expect(error).toBeInstanceOf(SignInSyntaxError)
            expect((error as Error).message).toMatch(/^Line \d+: /)
          }
        }
      }),
      { numRuns: 500 },
    )
  })
})
