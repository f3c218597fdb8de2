// EIP-4361's grammar, rule by rule: for each, a message it accepts and one it refuses (docs/sign-in.md).
import { describe, expect, it } from 'vitest'
import { formatEip4361, parseEip4361, type Eip4361Fields } from './eip4361.mjs'
import { dateTimeInstant, SignInSyntaxError } from '../signInGrammar.mjs'

const FIELDS: Eip4361Fields = {
  domain: 'shop.example.com',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the shop.',
  uri: 'https://shop.example.com/login',
  version: '1',
  chainId: '1',
  nonce: 'n0nce1234567',
  issuedAt: '2026-01-01T12:00:00.000Z',
}
const MESSAGE = formatEip4361(FIELDS)

/** The message with line `n` (1-based) replaced by `lines` (none: removed). */
const withLine = (n: number, ...lines: string[]) => {
  const all = MESSAGE.split('\n')
  all.splice(n - 1, 1, ...lines)
  return all.join('\n')
}
const withExtra = (...lines: string[]) => [MESSAGE, ...lines].join('\n')

/** The refusal's message, or 'accepted'. */
function refusal(text: string): string {
  try {
    parseEip4361(text)
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(SignInSyntaxError)
    return (error as Error).message
  }
}

describe('EIP-4361 messages', () => {
  it('are written with every field in the EIP’s layout and read back as the same fields', () => {
    expect(MESSAGE).toBe(
      [
        'shop.example.com wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to the shop.',
        '',
        'URI: https://shop.example.com/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: n0nce1234567',
        'Issued At: 2026-01-01T12:00:00.000Z',
      ].join('\n'),
    )
    expect(parseEip4361(MESSAGE)).toEqual(FIELDS)
  })

  it('the header names an RFC 3986 authority, with userinfo, an IPv6 address or a port; nothing else', () => {
    expect(refusal(withLine(1, 'user@shop.example.com wants you to sign in with your Ethereum account:'))).toBe('accepted')
    expect(refusal(withLine(1, '[::1]:5173 wants you to sign in with your Ethereum account:'))).toBe('accepted')
    expect(parseEip4361(withLine(1, '[v7.fe80::1]:443 wants you to sign in with your Ethereum account:')).domain).toBe('[v7.fe80::1]:443')
    expect(refusal(withLine(1, 'shop example.com wants you to sign in with your Ethereum account:'))).toMatch(
      /^Line 1: the domain "shop example.com" is not an RFC 3986 authority/,
    )
    expect(refusal(withLine(1, '[::1::2] wants you to sign in with your Ethereum account:'))).toMatch(/^Line 1: the domain/)
    expect(refusal(withLine(1, 'shop.example.com:80a wants you to sign in with your Ethereum account:'))).toMatch(/^Line 1: the domain/)
    expect(refusal(withLine(1, 'shop.example.com wants you to sign in with your Ethereum acount:'))).toMatch(
      /^Line 1: expected "<domain> wants you/,
    )
  })

  it('the header names a domain: a message without one (spruceid/siwe\'s "missing domain") is refused', () => {
    const missing = 'Line 1: the domain "" is not an RFC 3986 authority with a host'
    expect(refusal(withLine(1, ' wants you to sign in with your Ethereum account:'))).toBe(missing)
    expect(refusal(withLine(1, 'https:// wants you to sign in with your Ethereum account:'))).toBe(missing)
    // An authority whose host is empty names nobody either, whatever its userinfo or port.
    expect(refusal(withLine(1, 'user@ wants you to sign in with your Ethereum account:'))).toMatch(/^Line 1: the domain "user@"/)
    expect(refusal(withLine(1, ':5173 wants you to sign in with your Ethereum account:'))).toMatch(/^Line 1: the domain ":5173"/)
    expect(() => formatEip4361({ ...FIELDS, domain: '' })).toThrow(missing)
  })

  it('the header may start with an RFC 3986 scheme, which is read back', () => {
    const text = withLine(1, 'https://shop.example.com wants you to sign in with your Ethereum account:')
    expect(parseEip4361(text)).toEqual({ ...FIELDS, scheme: 'https' })
    expect(formatEip4361({ ...FIELDS, scheme: 'https' })).toBe(text)
    expect(refusal(withLine(1, '1https://shop.example.com wants you to sign in with your Ethereum account:'))).toBe(
      'Line 1: the scheme "1https" is not an RFC 3986 scheme',
    )
    expect(refusal(withLine(1, '://shop.example.com wants you to sign in with your Ethereum account:'))).toBe(
      'Line 1: the scheme "" is not an RFC 3986 scheme',
    )
  })

  it('the address is 0x and 40 hex digits in their EIP-55 checksum form', () => {
    expect(refusal(withLine(2, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))).toBe('accepted')
    expect(refusal(withLine(2, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'))).toBe(
      'Line 2: the address 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266 is not in its EIP-55 checksum form',
    )
    expect(refusal(withLine(2, '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266'))).toMatch(/not in its EIP-55 checksum form/)
    expect(refusal(withLine(2, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226'))).toMatch(/^Line 2: expected an address/)
  })

  it('an empty line follows the address', () => {
    expect(refusal(withLine(3))).toMatch(/^Line 3: expected an empty line after the address/)
  })

  it('the statement is one line of RFC 3986 characters and spaces; it may be empty or absent', () => {
    expect(parseEip4361(withLine(4, "Sign in: it's free (really) & safe; see https://x.test/?a=[1]#top @ ~1.0")).statement).toBe(
      "Sign in: it's free (really) & safe; see https://x.test/?a=[1]#top @ ~1.0",
    )
    expect(parseEip4361(withLine(4, '')).statement).toBe('')
    expect(formatEip4361({ ...FIELDS, statement: '' })).toBe(withLine(4, ''))
    const { statement: _, ...withoutStatement } = FIELDS
    expect(parseEip4361(withLine(4))).toEqual(withoutStatement)
    expect(formatEip4361(withoutStatement)).toBe(withLine(4))
    // A second line in the statement: the grammar has no place for it.
    expect(refusal(withLine(4, 'Sign in to the shop.', 'And more.'))).toMatch(/^Line 5: expected an empty line after the statement/)
    expect(refusal(withLine(4, 'Sign in to the café.'))).toMatch(/^Line 4: the statement may hold only printable ASCII/)
    expect(refusal(withLine(4, 'Say "hi"'))).toMatch(/^Line 4: the statement/)
    expect(() => formatEip4361({ ...FIELDS, statement: 'two\nlines' })).toThrow(SignInSyntaxError)
  })

  it('the URI is an RFC 3986 URI', () => {
    for (const uri of [
      'urn:isbn:0451450523',
      'https://[2001:db8::7]:8443/a/b?c=d#e',
      'http://user:pw@127.0.0.1:5173/',
      'did:pkh:eip155:1:0xabc',
      'https://a.test/%7E',
    ]) {
      expect(parseEip4361(withLine(6, `URI: ${uri}`)).uri).toBe(uri)
    }
    for (const uri of [
      'https://shop example.com/',
      '/login',
      'https://a.test/%zz',
      'https://a.test/<x>',
      'https://[::g]/',
      'ht tp://a.test/',
      'https://a.test/#a#b',
    ]) {
      expect(refusal(withLine(6, `URI: ${uri}`))).toBe('Line 6: URI must be an RFC 3986 URI')
    }
  })

  it('the version is 1', () => {
    expect(refusal(withLine(7, 'Version: 2'))).toBe('Line 7: Version must be 1')
  })

  it('the chain id is decimal digits', () => {
    expect(parseEip4361(withLine(8, 'Chain ID: 31337')).chainId).toBe('31337')
    expect(refusal(withLine(8, 'Chain ID: 0x1'))).toBe('Line 8: Chain ID must be decimal digits')
    expect(refusal(withLine(8, 'Chain ID: '))).toBe('Line 8: Chain ID must be decimal digits')
  })

  it('the nonce is at least 8 letters or digits', () => {
    expect(parseEip4361(withLine(9, 'Nonce: abcd1234')).nonce).toBe('abcd1234')
    expect(refusal(withLine(9, 'Nonce: abc1234'))).toBe('Line 9: Nonce must be at least 8 letters or digits')
    expect(refusal(withLine(9, 'Nonce: abcd-1234'))).toBe('Line 9: Nonce must be at least 8 letters or digits')
  })

  it('times are RFC 3339 date-times of days that exist', () => {
    for (const time of [
      '2026-01-01T12:00:00Z',
      '2026-01-01t12:00:00.123456z',
      '2026-01-01T12:00:00+05:30',
      '2000-02-29T00:00:00Z',
      '2016-12-31T23:59:60Z',
      '2017-01-01T00:59:60+01:00',
    ]) {
      expect(parseEip4361(withLine(10, `Issued At: ${time}`)).issuedAt).toBe(time)
    }
    for (const time of [
      'Wed Oct 05 2011 16:48:00 GMT+0200',
      '2100-02-31T14:31:43.952Z',
      '2100-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T12:60:00Z',
      '2026-01-01T12:00:60Z',
      '2026-01-01T12:00:00',
      '2026-01-01 12:00:00Z',
      '2026-01-01T12:00:00+24:00',
      '2026-01-01T12:00Z',
      '1760000000',
    ]) {
      expect(refusal(withLine(10, `Issued At: ${time}`))).toBe('Line 10: Issued At must be an RFC 3339 date-time of a day that exists')
      expect(refusal(withExtra(`Expiration Time: ${time}`))).toBe(
        'Line 11: Expiration Time must be an RFC 3339 date-time of a day that exists',
      )
      expect(refusal(withExtra(`Not Before: ${time}`))).toBe('Line 11: Not Before must be an RFC 3339 date-time of a day that exists')
    }
    // A leap second is the first moment of the next day; an offset moves the instant.
    expect(dateTimeInstant('2016-12-31T23:59:60Z')).toBe(Date.parse('2017-01-01T00:00:00Z'))
    expect(dateTimeInstant('2026-01-01T12:00:00+05:30')).toBe(Date.parse('2026-01-01T06:30:00Z'))
    expect(dateTimeInstant('0001-01-01T00:00:00Z')).toBe(Date.parse('0001-01-01T00:00:00Z'))
  })

  it('the optional lines come in the grammar’s order: Expiration Time, Not Before, Request ID, Resources', () => {
    const optional = [
      'Expiration Time: 2026-01-02T00:00:00Z',
      'Not Before: 2026-01-01T12:00:00Z',
      'Request ID: r-1',
      'Resources:',
      '- https://shop.example.com/terms',
    ]
    expect(parseEip4361(withExtra(...optional))).toEqual({
      ...FIELDS,
      expirationTime: '2026-01-02T00:00:00Z',
      notBefore: '2026-01-01T12:00:00Z',
      requestId: 'r-1',
      resources: ['https://shop.example.com/terms'],
    })
    expect(refusal(withExtra(optional[1]!, optional[0]!))).toMatch(
      /^Line 12: "Expiration Time: 2026-01-02T00:00:00Z" is out of order or repeated/,
    )
    expect(refusal(withExtra(optional[2]!, optional[1]!))).toMatch(/^Line 12: "Not Before: .*" is out of order or repeated/)
    expect(refusal(withExtra(optional[3]!, optional[4]!, optional[2]!))).toMatch(/^Line 13: "Request ID: r-1" is out of order or repeated/)
    expect(refusal(withExtra(optional[0]!, optional[0]!))).toMatch(/^Line 12: .* is out of order or repeated/)
    // The required lines too: Nonce before Chain ID is refused.
    expect(refusal(withLine(8, 'Nonce: n0nce1234567', 'Chain ID: 1').replace('\nNonce: n0nce1234567\nIssued', '\nIssued'))).toBe(
      'Line 8: expected "Chain ID: …" here, found "Nonce: n0nce1234567"',
    )
  })

  it('the request id is URI path characters', () => {
    expect(parseEip4361(withExtra("Request ID: a-b_c.d~e!$&'()*+,;=:@%20")).requestId).toBe("a-b_c.d~e!$&'()*+,;=:@%20")
    expect(parseEip4361(withExtra('Request ID: ')).requestId).toBe('')
    expect(refusal(withExtra('Request ID: a b'))).toBe('Line 11: Request ID may hold only the characters of a URI path segment')
    expect(refusal(withExtra('Request ID: a/b'))).toBe('Line 11: Request ID may hold only the characters of a URI path segment')
  })

  it('resources are RFC 3986 URIs, each on its own "- " line after Resources:', () => {
    expect(
      parseEip4361(withExtra('Resources:', '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', '- https://a.test/'))
        .resources,
    ).toEqual(['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://a.test/'])
    expect(parseEip4361(withExtra('Resources:')).resources).toEqual([])
    expect(refusal(withExtra('Resources:', '- not a uri'))).toBe('Line 12: the resource "not a uri" is not an RFC 3986 URI')
    expect(refusal(withExtra('Resources:', '-https://a.test/'))).toBe('Line 12: "-https://a.test/" is not a field of the message')
    expect(refusal(withExtra('Resources: https://a.test/'))).toBe('Line 11: "Resources: https://a.test/" is not a field of the message')
    expect(refusal(withExtra('- https://a.test/'))).toBe('Line 11: "- https://a.test/" is a resource outside the Resources list')
  })

  it('no line is unknown, missing, repeated or extra', () => {
    expect(refusal(withExtra('Foo: bar'))).toBe('Line 11: "Foo: bar" is not a field of the message')
    expect(refusal(`${MESSAGE}\n`)).toBe('Line 11: an empty line is not a field of the message')
    expect(refusal(withLine(9))).toBe('Line 9: expected "Nonce: …" here, found "Issued At: 2026-01-01T12:00:00.000Z"')
    expect(refusal(withLine(10))).toBe('Line 10: expected "Issued At: …" here, found the end of the message')
    expect(refusal(withLine(7, 'Version: 1', 'Version: 1'))).toBe('Line 8: expected "Chain ID: …" here, found "Version: 1"')
    expect(refusal(MESSAGE.replaceAll('\n', '\r\n'))).toMatch(/^Line 1:/)
    expect(refusal('')).toMatch(/^Line 1:/)
  })

  it('the formatter refuses what the parser would refuse or read back otherwise', () => {
    expect(() => formatEip4361({ ...FIELDS, address: FIELDS.address.toLowerCase() })).toThrow('Line 2: the address')
    expect(() => formatEip4361({ ...FIELDS, nonce: 'n0nce1234567\nExpiration Time: 2099-01-01T00:00:00Z' })).toThrow(
      'Line 10: expected "Issued At: …" here',
    )
    expect(() => formatEip4361({ ...FIELDS, requestId: 'r-1\nResources:' })).toThrow(
      'The requestId "r-1\\nResources:" does not stay one field of the message',
    )
    expect(() => formatEip4361({ ...FIELDS, issuedAt: '2026-02-30T00:00:00Z' })).toThrow('Issued At must be an RFC 3339 date-time')
  })
})
