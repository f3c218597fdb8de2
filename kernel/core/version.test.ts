import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SDK_VERSION } from './version.js'

describe('SDK_VERSION', () => {
  it('matches package.json, so services see the version that is installed', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(SDK_VERSION).toBe(manifest.version)
  })
})
