import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isFoyerError } from '../../kernel/errors/BaseError.js'
import { importsOf } from '../../test/boundaries.js'
import { chunkLoadError, missingPackageError } from '../../test/fixtures.js'
import { loadSolanaClient } from './loadSolanaClient.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Every file and package the entry loads before any import(), following relative imports. */
function staticGraph(entry: string) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    // import() is the lazy boundary: hide it (also `typeof import('…')` types) so only static imports are followed.
    const source = readFileSync(posix.join(root, file), 'utf8').replace(/\bimport\s*\(/g, 'lazy(')
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith('.')) packages.add(specifier)
      else visit(posix.join(posix.dirname(file), specifier).replace(/\.js$/, '.ts'))
    }
  }
  visit(entry)
  return { files, packages }
}

describe('the foyer/chains/solana manifest (STYLE 3)', () => {
  it('behavior: imports no @solana/kit, statically or through anything it imports', () => {
    const { files, packages } = staticGraph('chains/solana/index.ts')
    // Guard against a walk that passes because it read nothing.
    expect(files).toContain('chains/solana/options.ts')
    expect(files).toContain('kernel/chain.ts')
    expect(files).not.toContain('chains/solana/client.ts')
    expect([...packages].filter((name) => name.startsWith('@solana/'))).toEqual([])
    expect([...packages].sort()).toEqual(['mitt', 'tsyringe', 'valibot'])
  })

  it('behavior: the wallet side (Wallet Standard discovery, the session) loads at setup, not with the entry', () => {
    const { files } = staticGraph('chains/solana/index.ts')
    expect(files).not.toContain('chains/solana/walletSession.ts')
    const { packages } = staticGraph('chains/solana/walletSession.ts')
    expect(packages).toContain('@wallet-standard/app')
    expect([...packages].filter((name) => name.startsWith('@solana/'))).toEqual([])
  })

  it('behavior: no React and no views in the manifest', () => {
    const { files, packages } = staticGraph('chains/solana/index.ts')
    expect([...files].filter((file) => file.includes('/views/') || file.endsWith('.tsx'))).toEqual([])
    expect([...packages].filter((name) => name.startsWith('react'))).toEqual([])
  })

  it("behavior: a missing @solana/kit is 'Install @solana/kit to use foyer/chains/solana'", async () => {
    const missing = missingPackageError('@solana/kit')
    const error = await loadSolanaClient(() => Promise.reject(missing)).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'SolanaKitNotInstalledError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Install @solana/kit to use foyer/chains/solana')
    expect((error as Error).cause).toBe(missing)
  })

  it('behavior: any other load failure is passed on as it is', async () => {
    const offline = chunkLoadError()
    await expect(loadSolanaClient(() => Promise.reject(offline))).rejects.toBe(offline)
  })

  it('behavior: the real body loads', async () => {
    await expect(loadSolanaClient()).resolves.toHaveProperty('connectWallet')
  })
})
