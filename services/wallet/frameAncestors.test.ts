// The frame's CSP frame-ancestors from the project's patterns (docs/deploy.md, preview hosts).
import { describe, expect, it } from 'vitest'

import { frameAncestors } from './routes/framePageRoutes.mjs'

const PATTERNS = ['https://shop.example', 'http://localhost:*', 'https://*.preview.shop.example', 'https://shop-git-*-acme.vercel.app']

describe('frame-ancestors', () => {
  it('lists the patterns a browser enforces itself, and no preview-host pattern, which CSP cannot say', () => {
    expect(frameAncestors(PATTERNS, undefined)).toEqual(['https://shop.example', 'http://localhost:*', 'https://*.preview.shop.example'])
  })

  it('adds the one origin of the page loading the frame when it is a preview host the project allows', () => {
    expect(frameAncestors(PATTERNS, 'https://shop-git-fix-1-acme.vercel.app/cart?x=1')).toEqual([
      'https://shop.example',
      'http://localhost:*',
      'https://*.preview.shop.example',
      'https://shop-git-fix-1-acme.vercel.app',
    ])
  })

  it('adds nothing for a page that only looks like one: a suffix attack, another label, a bad Referer', () => {
    for (const referer of [
      'https://shop-git-x-acme.vercel.app.evil.io/',
      'https://evil.shop-git-x-acme.vercel.app/',
      'https://other-acme.vercel.app/',
      'not a url',
      '',
    ]) {
      expect(frameAncestors(PATTERNS, referer)).toEqual(['https://shop.example', 'http://localhost:*', 'https://*.preview.shop.example'])
    }
  })
})
