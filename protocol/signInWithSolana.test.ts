// Sign In With Solana's text, rule by rule: for each, a message accepted and one refused (docs/sign-in.md). The
// layout is @solana/wallet-standard-util's, which wallets write for `solana:signIn`.
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { describe, expect, it } from 'vitest'
import { SignInSyntaxError } from './signInGrammar.mjs'
import { formatSignInWithSolana, parseSignInWithSolana, type SignInWithSolanaFields } from './signInWithSolana.mjs'

const FIELDS: SignInWithSolanaFields = {
  domain: 'shop.example.com',
  address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  statement: 'Sign in to the shop.',
  uri: 'https://shop.example.com/login',
  version: '1',
  chainId: 'devnet',
  nonce: 'n0nce1234567',
  issuedAt: '2026-01-01T12:00:00.000Z',
}
const MESSAGE = formatSignInWithSolana(FIELDS)

const withLine = (n: number, ...lines: string[]) => {
  const all = MESSAGE.split('\n')
  all.splice(n - 1, 1, ...lines)
  return all.join('\n')
}
const withExtra = (...lines: string[]) => [MESSAGE, ...lines].join('\n')

function refusal(text: string): string {
  try {
    parseSignInWithSolana(text)
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(SignInSyntaxError)
    return (error as Error).message
  }
}

describe('Sign In With Solana messages', () => {
  it('are written as @solana/wallet-standard-util writes them, and read back as the same fields', () => {
    const optional = {
      expirationTime: '2026-01-02T00:00:00Z',
      notBefore: '2026-01-01T12:00:00Z',
      requestId: 'r-1',
      resources: ['https://shop.example.com/terms'],
    }
    for (const fields of [FIELDS, { ...FIELDS, statement: undefined }, { ...FIELDS, ...optional }]) {
      const text = formatSignInWithSolana(fields)
      expect(text).toBe(createSignInMessageText(fields))
      expect(parseSignInWithSolana(text)).toEqual(fields)
    }
  })

  it('the header names an RFC 3986 authority', () => {
    expect(refusal(withLine(1, 'localhost:5173 wants you to sign in with your Solana account:'))).toBe('accepted')
    expect(refusal(withLine(1, 'https://shop.example.com wants you to sign in with your Solana account:'))).toMatch(
      /^Line 1: the domain "https:\/\/shop.example.com" is not an RFC 3986 authority/,
    )
    expect(refusal(withLine(1, 'shop.example.com wants you to sign in with your Ethereum account:'))).toMatch(
      /^Line 1: expected "<domain> wants you to sign in with your Solana account:"/,
    )
    expect(refusal(withLine(1, ' wants you to sign in with your Solana account:'))).toBe(
      'Line 1: the domain "" is not an RFC 3986 authority with a host',
    )
  })

  it('the address is a 32-byte public key in base58', () => {
    expect(refusal(withLine(2, '11111111111111111111111111111111'))).toBe('accepted')
    expect(refusal(withLine(2, '1111111111111111111111111111111'))).toMatch(/^Line 2: expected an address \(32 bytes in base58\)/)
    expect(refusal(withLine(2, '0EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'))).toMatch(/^Line 2: expected an address/)
    expect(refusal(withLine(3, 'x'))).toMatch(/^Line 3: expected an empty line after the address/)
  })

  it('the statement is one line of RFC 3986 characters and spaces, or absent', () => {
    expect(parseSignInWithSolana(MESSAGE.replace('Sign in to the shop.\n\n', '')).statement).toBeUndefined()
    // The EIP-4361 layout without a statement (two empty lines) is not this format's.
    expect(refusal(withLine(4))).toBe('Line 4: expected "URI: …" here, found an empty line')
    expect(refusal(withLine(4, 'Sign in to the café.'))).toMatch(/^Line 4: the statement may hold only printable ASCII/)
    expect(refusal(withLine(4, 'Sign in', 'to the shop.'))).toMatch(/^Line 4: expected "URI: …" here, found "Sign in"/)
  })

  it('the fields follow the same rules and order as EIP-4361’s', () => {
    expect(parseSignInWithSolana(withLine(8, 'Chain ID: solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).chainId).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    )
    expect(refusal(withLine(8, 'Chain ID: solana:'))).toMatch(/^Line 8: Chain ID must be a CAIP-2 reference/)
    expect(refusal(withLine(6, 'URI: not a uri'))).toBe('Line 6: URI must be an RFC 3986 URI')
    expect(refusal(withLine(9, 'Nonce: short'))).toBe('Line 9: Nonce must be at least 8 letters or digits')
    expect(refusal(withLine(10, 'Issued At: 2026-02-29T00:00:00Z'))).toBe(
      'Line 10: Issued At must be an RFC 3339 date-time of a day that exists',
    )
    expect(refusal(withExtra('Expiration Time: 2026-01-02T00:00:00Z', 'Not Before: 2026-01-01T12:00:00Z'))).toBe('accepted')
    expect(refusal(withExtra('Not Before: 2026-01-01T12:00:00Z', 'Expiration Time: 2026-01-02T00:00:00Z'))).toMatch(
      /^Line 12: "Expiration Time: .*" is out of order or repeated/,
    )
    expect(refusal(withLine(7))).toBe('Line 7: expected "Version: …" here, found "Chain ID: devnet"')
  })
})
