import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isFoyerError } from 'foyer'
import { staticGraph } from '../../test/boundaries.js'
import { chunkLoadError, missingPackageError } from '../../test/fixtures.js'
import { loadSolanaClient } from './loadSolanaClient.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the foyer/chains/solana manifest (style 3)', () => {
  it('imports no @solana/kit, statically or through anything it imports', () => {
    const { files, packages } = staticGraph(root, 'chains/solana/index.ts', { throughEntries: true })
    // Guard against a walk that passes because it read nothing.
    expect(files).toContain('chains/solana/options.ts')
    expect(files).toContain('kernel/core/chain.ts')
    expect(files).not.toContain('chains/solana/client.ts')
    expect([...packages].filter((name) => name.startsWith('@solana/'))).toEqual([])
    // The manifest's own valibot, and the kernel's (it reaches the kernel through 'foyer'): valibot and mitt.
    expect([...packages].sort()).toEqual(['mitt', 'valibot'])
  })

  it('the wallet side (Wallet Standard discovery, the session) loads at setup, not with the entry', () => {
    const { files } = staticGraph(root, 'chains/solana/index.ts', { throughEntries: true })
    expect(files).not.toContain('chains/solana/walletSession.ts')
    const { packages } = staticGraph(root, 'chains/solana/walletSession.ts', { throughEntries: true })
    expect(packages).toContain('@wallet-standard/app')
    expect([...packages].filter((name) => name.startsWith('@solana/'))).toEqual([])
  })

  it('no React and no views in the manifest', () => {
    const { files, packages } = staticGraph(root, 'chains/solana/index.ts', { throughEntries: true })
    expect([...files].filter((file) => file.includes('/views/') || file.endsWith('.tsx'))).toEqual([])
    expect([...packages].filter((name) => name.startsWith('react'))).toEqual([])
  })

  it("a missing @solana/kit is 'Install @solana/kit to use foyer/chains/solana'", async () => {
    const missing = missingPackageError('@solana/kit')
    const error = await loadSolanaClient(() => Promise.reject(missing)).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'SolanaKitNotInstalledError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Install @solana/kit to use foyer/chains/solana')
    expect((error as Error).cause).toBe(missing)
  })

  it('any other load failure is passed on as it is', async () => {
    const offline = chunkLoadError()
    await expect(loadSolanaClient(() => Promise.reject(offline))).rejects.toBe(offline)
  })

  it('the real body loads', async () => {
    await expect(loadSolanaClient(() => import('./client.js'))).resolves.toHaveProperty('connectWallet')
  })
})
