// What a host installs with Foyer: the runtime dependencies SECURITY.md lists (and says why), none of which runs an
// install script, and no install script of Foyer's own.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const manifest = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  files: string[]
}
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; peer?: boolean; hasInstallScript?: boolean; optional?: boolean }>
}

/** Every package a host's `npm install foyer` brings, by its path in the lock file. */
const runtimePackages = Object.entries(lock.packages).filter(
  ([key, entry]) => key !== '' && !entry.dev && !entry.devOptional && !entry.peer,
)

describe('supply chain', () => {
  it('the published package runs no script when installed', () => {
    const hooks = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare']
    expect(Object.keys(manifest.scripts).filter((name) => hooks.includes(name))).toEqual([])
    // dist/ and the protocol layer's source, published as it is (docs/packaging.md): nothing that runs on install.
    expect(manifest.files).toEqual(['dist', 'protocol/**/*.mjs'])
  })

  it('no runtime dependency, direct or not, has an install script', () => {
    expect(runtimePackages.length).toBeGreaterThan(0)
    expect(runtimePackages.filter(([, entry]) => entry.hasInstallScript).map(([key]) => key)).toEqual([])
  })

  it('SECURITY.md names every runtime dependency and why it is there', () => {
    const security = read('SECURITY.md').split('## Runtime dependencies')[1] ?? ''
    const listed = [...security.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1])
    expect(listed.sort()).toEqual(Object.keys(manifest.dependencies).sort())
  })
})
