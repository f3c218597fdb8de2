// One origin check for the browser and the services alike (rules §5): the kernel's own-origin check, the services' CORS and
// the wallet frame, and the sign-in verifier all import this module.
import { describe, expect, it } from 'vitest'
import { originMatches as ofServices } from '../services/http/index.mjs'
import { originMatches as ofWallet } from '../services/wallet/index.mjs'
import { originMatches as ofSignIn } from '../plugins/siwx/server.js'
import { isCspSource, originMatches } from './originMatches.mjs'

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
    // Preview hosts: a `*` inside the first label stands for part of that label only.
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git-main-acme.vercel.app', true],
    ['https://shop-git-*-acme.vercel.app', 'https://SHOP-git-fix-42-acme.vercel.app', true],
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git--acme.vercel.app', false],
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git-x-acme.vercel.app.evil.io', false],
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git-x-acme.vercel.app:8443', false],
    ['https://shop-git-*-acme.vercel.app', 'https://evil.shop-git-x-acme.vercel.app', false],
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git-x.evil-acme.vercel.app', false],
    ['https://shop-git-*-acme.vercel.app', 'https://shop-git-x-acmeXvercel.app', false],
    ['https://shop-git-*-acme.vercel.app', 'http://shop-git-x-acme.vercel.app', false],
    ['https://deploy-preview-*--shop.netlify.app', 'https://deploy-preview-12--shop.netlify.app', true],
    ['https://*', 'https://anything', false],
    ['https://shop-*', 'https://shop-a', false],
    ['https://*.shop-*.example.com', 'https://a.shop-b.example.com', false],
    ['https://a*b*.example.com', 'https://aXbY.example.com', false],
  ])('%s with %s → %s', (pattern, origin, matches) => {
    expect(originMatches(pattern, origin)).toBe(matches)
  })
})

describe('isCspSource', () => {
  it('a browser enforces leading-label and port wildcards itself, not a `*` inside a label', () => {
    expect(['https://*.example.com', 'http://127.0.0.1:*', 'https://shop.example.org'].map(isCspSource)).toEqual([true, true, true])
    expect(['https://shop-git-*-acme.vercel.app', 'https://*', 'not a pattern'].map(isCspSource)).toEqual([false, false, false])
  })
})

describe('one origin check', () => {
  it('the services, the wallet frame and the sign-in verifier run this very function', () => {
    expect([ofServices, ofWallet, ofSignIn]).toEqual([originMatches, originMatches, originMatches])
  })
})
