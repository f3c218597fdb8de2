import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isFoyerError } from 'foyer'
import { staticGraph } from '../../test/boundaries.js'
import { chunkLoadError, missingPackageError } from '../../test/fixtures.js'
import { loadEvmClient } from './loadEvmClient.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the foyer/chains/evm manifest (style 3)', () => {
  it('imports no viem, statically or through anything it imports', () => {
    const { files, packages } = staticGraph(root, 'chains/evm/index.ts', { throughEntries: true })
    // Guard against a walk that passes because it read nothing.
    expect(files).toContain('chains/evm/discovery.ts')
    expect(files).toContain('kernel/core/chain.ts')
    expect(files).not.toContain('chains/evm/client.ts')
    expect(files).not.toContain('chains/evm/walletConnect.ts')
    expect([...packages].filter((name) => name === 'viem' || name.startsWith('viem/'))).toEqual([])
    // The manifest's own valibot, and the kernel's (it reaches the kernel through 'foyer'): valibot and mitt.
    expect([...packages].sort()).toEqual(['mitt', 'valibot'])
  })

  it('imports no WalletConnect SDK and no QR encoder until a WalletConnect view opens or a session is restored', () => {
    const { files, packages } = staticGraph(root, 'chains/evm/index.ts', { throughEntries: true })
    expect([...packages].filter((name) => name.startsWith('@walletconnect/'))).toEqual([])
    expect(files).not.toContain('kernel/ui/qrMatrix.ts')
    // The WalletConnect views reach the SDK and the QR encoder (kernel/ui/QrCode.tsx loads it) only through import().
    const view = staticGraph(root, 'chains/evm/views/WalletConnectPairing.tsx', { throughEntries: true })
    expect(view.files).toContain('kernel/ui/QrCode.tsx')
    expect(view.files).not.toContain('chains/evm/walletConnect.ts')
    expect(view.files).not.toContain('kernel/ui/qrMatrix.ts')
    expect([...view.packages].filter((name) => name.startsWith('@walletconnect/'))).toEqual([])
  })

  it('the views load their code on demand too', () => {
    const { files } = staticGraph(root, 'chains/evm/index.ts', { throughEntries: true })
    expect([...files].filter((file) => file.includes('/views/') || file.endsWith('.tsx'))).toEqual([])
  })

  it("a missing viem is 'Install viem to use foyer/chains/evm'", async () => {
    const missing = missingPackageError('viem')
    const error = await loadEvmClient(() => Promise.reject(missing)).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'ViemNotInstalledError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Install viem to use foyer/chains/evm')
    expect((error as Error).cause).toBe(missing)
  })

  it('any other load failure is passed on as it is', async () => {
    const offline = chunkLoadError()
    await expect(loadEvmClient(() => Promise.reject(offline))).rejects.toBe(offline)
  })

  it('the real body loads', async () => {
    await expect(loadEvmClient()).resolves.toHaveProperty('switchWalletNetwork')
  })
})
