// One origin check for the browser and the services alike (rules §5): the kernel's own-origin check, the services' CORS and
// the wallet frame, and the sign-in verifier all import this module.
import { describe, expect, it } from 'vitest'
import { originMatches as ofServices } from '../../services/http/index.mjs'
import { originMatches as ofWallet } from '../../services/wallet/index.mjs'
import { originMatches as ofSignIn } from '../../plugins/siwx/server.js'
import { originMatches } from './originMatches.mjs'

describe('originMatches (rules §5)', () => {
  it.each<[string, string, boolean]>([
    ['https://*.example.com', 'https://app.example.com', true],
    ['https://*.example.com', 'https://a.b.example.com', true],
    ['https://*.example.com', 'https://example.com', false],
    ['https://*.example.com', 'https://evilexample.com', false],
    ['https://*.example.com', 'http://app.example.com', false],
    ['https://*.example.com', 'https://app.example.com:8443', false],
    ['http://127.0.0.1:*', 'http://127.0.0.1:5173', true],
    ['http://127.0.0.1:*', 'http://127.0.0.1', true],
    ['http://127.0.0.1:*', 'http://127.0.0.10:5173', false],
    ['https://shop.example.org:8443', 'https://shop.example.org:8443', true],
    ['https://shop.example.org:8443', 'https://shop.example.org', false],
    ['https://shop.example.org', 'https://shop.example.org:443', false],
    ['https://shop.example.org', 'https://shop.example.org', true],
    ['HTTPS://Shop.Example.org', 'https://shop.example.org', true],
    ['https://shop.*.org', 'https://shop.x.org', false],
    ['*', 'https://shop.example.org', false],
    ['https://shop.example.org', 'null', false],
    ['https://shop.example.org', 'https://shop.example.org/path', false],
    ['https://*.example.com', 'https://example.com.evil.io', false],
    ['http://localhost:5173', 'http://localhost:5174', false],
    ['https://example.com:443', 'https://example.com', true],
    ['http://localhost:*', 'null', false],
  ])('%s with %s → %s', (pattern, origin, matches) => {
    expect(originMatches(pattern, origin)).toBe(matches)
  })
})

describe('one origin check', () => {
  it('the services, the wallet frame and the sign-in verifier run this very function', () => {
    expect([ofServices, ofWallet, ofSignIn]).toEqual([originMatches, originMatches, originMatches])
  })
})
