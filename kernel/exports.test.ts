import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { entries, packageExports } from '../build/entries.mjs'

// style 16/19: every export of every entry is public API, so a new or removed one shows up in
// review as a change to __snapshots__/exports.test.ts.snap (update it with `vitest -u`).
describe('exports', () => {
  // An entry's first import transforms its whole module graph (the Solana adapter's is large): on two busy cores that
  // took over 5 s, which is work, not a wait.
  it.each(entries.map((entry) => [entry.export, entry.input]))(
    '"%s" (%s) exports these names',
    async (_, input) => {
      const mod: Record<string, unknown> = await import(/* @vite-ignore */ `../${input}`)
      expect(Object.keys(mod).sort()).toMatchSnapshot()
    },
    30_000,
  )

  it('package.json "exports" lists exactly the entries of build/entries.mjs', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(pkg.exports).toEqual(packageExports())
    // TypeScript takes the first condition that matches, so `types` must come before `default`.
    for (const conditions of Object.values(pkg.exports).filter((target) => typeof target === 'object')) {
      expect(Object.keys(conditions as object)).toEqual(['types', 'default'])
    }
    expect(pkg.exports['./package.json']).toBe('./package.json')
  })
})
