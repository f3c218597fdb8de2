import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { kernelChunk } from '../build/kernelChunk.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const at = (file: string) => path.join(repo, file)

/**
 * A module graph as Rollup's getModuleInfo gives it: the kernel's and the EVM chain's entries, a protocol module that
 * the chain's manifest and its lazy client both import, and a kernel module only lazy code imports.
 */
function graph(): (id: string) => { importedIds: string[]; importers: string[]; isExternal: boolean } | null {
  const imports: Record<string, string[]> = {
    [at('kernel/index.ts')]: [at('kernel/core/createKernel.ts')],
    [at('kernel/react/index.ts')]: [at('kernel/index.ts')],
    [at('kernel/core/createKernel.ts')]: [],
    [at('chains/evm/index.ts')]: [at('kernel/index.ts'), at('protocol/addresses.mjs')],
    [at('chains/evm/client.ts')]: [at('protocol/addresses.mjs'), at('kernel/ui/qrMatrix.ts')],
    [at('protocol/addresses.mjs')]: [],
    [at('kernel/ui/qrMatrix.ts')]: [],
  }
  const importers = (id: string) => Object.keys(imports).filter((importer) => imports[importer]!.includes(id))
  return (id) => (id in imports ? { importedIds: imports[id]!, importers: importers(id), isExternal: false } : null)
}

describe('kernelChunk', () => {
  const chunkOf = (id: string) => {
    const manualChunks = kernelChunk()
    return manualChunks(at(id), { getModuleInfo: graph() } as never)
  }

  it("puts a protocol module that a chain's manifest and its lazy code share in the kernel chunk: apart, it was a fourth file before the button", () => {
    expect(chunkOf('protocol/addresses.mjs')).toBe('kernel')
  })

  it('leaves the kernel chunk the kernel modules of the first paint, not those only lazy code imports', () => {
    expect(chunkOf('kernel/core/createKernel.ts')).toBe('kernel')
    expect(chunkOf('kernel/ui/qrMatrix.ts')).toBeUndefined()
    expect(chunkOf('chains/evm/client.ts')).toBeUndefined()
  })
})
