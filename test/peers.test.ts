import { describe, expect, it } from 'vitest'
import { strayPeers, type BundleChunk } from '../build/peers.mjs'

type Chunk = Omit<BundleChunk, 'type' | 'fileName'>
const chunk = (name: string, isEntry: boolean, imports: string[], dynamicImports: string[] = []): Chunk => ({
  name,
  isEntry,
  imports,
  dynamicImports,
})
/** A Rollup bundle: its chunks by file name. */
const bundleOf = (chunks: Record<string, Chunk>) =>
  Object.fromEntries(Object.entries(chunks).map(([fileName, rest]) => [fileName, { type: 'chunk' as const, fileName, ...rest }]))

describe('the build check that each entry reaches only its own peers', () => {
  it('names an entry whose lazy code reaches a peer it does not list, through which chunks', () => {
    // The shape of #31: the kernel chunk every entry imports held a dynamic import of the Solana client.
    const bundle = bundleOf({
      'index.js': chunk('index', true, ['chunks/kernel.js']),
      'chains/evm.js': chunk('chains/evm', true, ['chunks/kernel.js'], ['chunks/transfer.js']),
      'chunks/kernel.js': chunk('kernel', false, ['react'], ['chunks/client.js']),
      'chunks/client.js': chunk('client', false, ['@solana/kit', 'chunks/kernel.js']),
      'chunks/transfer.js': chunk('transfer', false, ['viem/actions']),
    })
    expect(strayPeers(bundle)).toEqual([
      '. reaches @solana/kit: index.js → chunks/kernel.js → chunks/client.js → @solana/kit',
      './chains/evm reaches @solana/kit: chains/evm.js → chunks/kernel.js → chunks/client.js → @solana/kit',
    ])
  })

  it('accepts React anywhere, and a peer the entry lists', () => {
    const bundle = bundleOf({
      'index.js': chunk('index', true, ['react', 'react-dom/client']),
      'chains/evm.js': chunk('chains/evm', true, ['index.js'], ['chunks/transfer.js']),
      'chunks/transfer.js': chunk('transfer', false, ['viem/actions', 'react/jsx-runtime']),
    })
    expect(strayPeers(bundle)).toEqual([])
  })
})
