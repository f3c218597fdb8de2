// isSafeImageUrl is the one gate between an icon URL someone else chose (an EIP-6963 announcement, a Wallet
// Standard wallet, the directory, the API, stored data) and an <img src>. Only https, data:image and loopback
// http pass; script, page and tracker URLs never do, however they are spelled.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isSafeImageUrl } from './network.js'

describe('isSafeImageUrl', () => {
  it.each([
    'https://cdn.example.com/wallet.png',
    'HTTPS://CDN.EXAMPLE.COM/wallet.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    'http://127.0.0.1:8788/getWalletImage/abc',
    'http://localhost/icon.png',
  ])('%s may be an image', (url) => {
    expect(isSafeImageUrl(url)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:TEXT/HTML,<script>alert(1)</script>',
    'data:application/xhtml+xml,<x/>',
    'data:,image/png',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://evil.example/1b2c',
    'about:blank',
    '//evil.example/icon.png',
    'http://evil.example/pixel.png',
    'http://localhost.evil.example/pixel.png',
    'http://127.0.0.1.evil.example/pixel.png',
    'http://localhost@evil.example/pixel.png',
    'http://localhost:80@evil.example/pixel.png',
    ' https://cdn.example.com/wallet.png',
    'https:cdn.example.com/wallet.png',
    '<img src=x onerror=alert(1)>',
    '',
  ])('attack: %j is never an image', (url) => {
    expect(isSafeImageUrl(url)).toBe(false)
  })

  it('attack: what is not a string is never an image', () => {
    for (const value of [undefined, null, 1, {}, ['https://cdn.example.com/a.png'], { toString: () => 'https://cdn.example.com/a.png' }]) {
      expect(isSafeImageUrl(value)).toBe(false)
    }
  })

  it('property: whatever passes parses, in the browser URL parser, as https, data:image or loopback http', () => {
    const prefix = fc.constantFrom(
      'https://',
      'http://',
      'data:',
      'data:image/',
      'javascript:',
      'http://127.0.0.1',
      'http://localhost',
      ' ',
      '\t',
      '\u0000',
      '//',
      '',
    )
    const tail = fc.string({ unit: fc.constantFrom(...'aZ09.:/@?#%\\ \t\n<>"\'=-_'.split('')), maxLength: 40 })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(prefix, tail).map(([head, rest]) => head + rest),
        ),
        (url) => {
          if (!isSafeImageUrl(url)) return
          let parsed: URL
          try {
            parsed = new URL(url)
          } catch {
            // An <img> does not load what does not parse; no other scheme can be read into it.
            expect(url).toMatch(/^https:\/\//i)
            return
          }
          if (parsed.protocol === 'data:') expect(parsed.pathname.toLowerCase()).toMatch(/^image\//)
          else if (parsed.protocol === 'http:') expect(['127.0.0.1', 'localhost']).toContain(parsed.hostname)
          else expect(parsed.protocol).toBe('https:')
        },
      ),
      { numRuns: 2000 },
    )
  })
})
