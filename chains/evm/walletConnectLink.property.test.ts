// The link that hands a pairing URI to a wallet app is built from the directory's untrusted links. What must hold:
// whatever the directory says, the link opens only an allowed scheme, and the wallet reads back exactly the URI.
import { formatUri, parseUri } from '@walletconnect/utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { safeAppLink, safeWebLink } from '../../kernel/services/directory.js'
import { walletConnectLink } from './walletConnectLink.js'

const FORBIDDEN = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:']
const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length })

/** Pairing URIs as sign-client writes them (WalletConnect's own formatUri). */
const pairingUri = fc
  .record({
    topic: hex(64),
    symKey: hex(64),
    expiryTimestamp: fc.integer({ min: 1, max: 2 ** 40 }),
    methods: fc.array(fc.constantFrom('wc_sessionPropose', 'wc_authRequest'), { maxLength: 2 }),
  })
  .map(({ topic, symKey, expiryTimestamp, methods }) => ({
    topic,
    symKey,
    expiryTimestamp,
    uri: formatUri({
      protocol: 'wc',
      version: 2,
      topic,
      symKey,
      relay: { protocol: 'irn' },
      expiryTimestamp,
      ...(methods.length ? { methods } : {}),
    }),
  }))

/** Links a directory entry could carry: real-looking ones, and ones built to slip a forbidden scheme through. */
const directoryLink = fc.oneof(
  fc.constantFrom('metamask://', 'trust:', 'rainbow://app/', 'https://link.example.com', 'https://link.example.com/wc/'),
  fc
    .tuple(
      fc.constantFrom('javascript', 'JaVaScRiPt', 'data', 'vbscript', 'file', 'blob', 'about', 'http', 'HTTP', 'https', 'wallet'),
      fc.constantFrom(':', '://', ':\t', '\n:'),
      fc.string(),
    )
    .map(([scheme, separator, rest]) => `${scheme}${separator}${rest}`),
  fc
    .tuple(
      fc.constantFrom(' ', '\t', '\n', '\u0000', '\u200b', '%20', ''),
      fc.constantFrom('java\tscript:', 'java\nscript:', 'javascript:', 'wallet:'),
    )
    .map(([pad, link]) => `${pad}${link}alert(1)`),
  fc.webUrl(),
  fc.string(),
)

describe('property: wallet links and WalletConnect URIs', () => {
  it('property: a directory link that survives the checks never opens a forbidden scheme, even as parsed by URL', () => {
    fc.assert(
      fc.property(directoryLink, (link) => {
        for (const safe of [safeAppLink(link), safeWebLink(link)]) {
          if (safe === undefined) continue
          expect(safe).toBe(link)
          // What a browser would do with it: URL strips tabs and newlines, lower-cases the scheme.
          const protocol = URL.canParse(safe) ? new URL(safe).protocol : safe.slice(0, safe.indexOf(':') + 1).toLowerCase()
          expect(FORBIDDEN).not.toContain(protocol)
        }
        const web = safeWebLink(link)
        if (web !== undefined) expect(new URL(web).protocol).toBe('https:')
      }),
      { numRuns: 2000 },
    )
  })

  it("property: the wallet link keeps the app's scheme and carries the pairing URI exactly", () => {
    fc.assert(
      fc.property(directoryLink, pairingUri, (link, pairing) => {
        const base = safeAppLink(link) ?? safeWebLink(link)
        if (base === undefined) return
        const opened = walletConnectLink(base, pairing.uri)
        const scheme = base.slice(0, base.indexOf(':') + 1).toLowerCase()
        expect(opened.toLowerCase().startsWith(scheme)).toBe(true)
        expect(FORBIDDEN).not.toContain(new URL(opened).protocol)
        // The wallet takes the last `uri=` parameter of the link; it must be ours, whole.
        const uri = new URL(opened).searchParams.getAll('uri').at(-1)
        expect(uri).toBe(pairing.uri)
        const parsed = parseUri(uri!)
        expect({ topic: parsed.topic, symKey: parsed.symKey, expiryTimestamp: parsed.expiryTimestamp, version: parsed.version }).toEqual({
          topic: pairing.topic,
          symKey: pairing.symKey,
          expiryTimestamp: pairing.expiryTimestamp,
          version: 2,
        })
      }),
      { numRuns: 500 },
    )
  })
})
