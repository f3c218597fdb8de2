import { describe, expect, it } from 'vitest'
import { waterfallDepth } from './waterfallDepth.mjs'

describe('waterfallDepth', () => {
  it('one file with no imports is one round trip (React alone)', () => {
    expect(waterfallDepth(new Map([['/app.js', []]]), ['/app.js'])).toBe(1)
  })

  it('a file the entry imports itself comes in the second trip, even when a later file imports it too', () => {
    const graph = new Map([
      ['/app.js', ['/chunk.js', '/helpers.js']],
      ['/chunk.js', ['/helpers.js']],
      ['/helpers.js', []],
    ])
    expect(waterfallDepth(graph, ['/app.js', '/chunk.js', '/helpers.js'])).toBe(2)
  })

  it('a file only another chunk imports is a trip more', () => {
    const graph = new Map([
      ['/app.js', ['/chunk.js']],
      ['/chunk.js', ['/helpers.js']],
      ['/helpers.js', []],
    ])
    expect(waterfallDepth(graph, ['/app.js', '/chunk.js', '/helpers.js'])).toBe(3)
  })

  it('imports of files not loaded before the paint do not count', () => {
    const graph = new Map([
      ['/app.js', ['/chunk.js']],
      ['/chunk.js', ['/lazy.js']],
    ])
    expect(waterfallDepth(graph, ['/app.js', '/chunk.js'])).toBe(2)
  })
})
