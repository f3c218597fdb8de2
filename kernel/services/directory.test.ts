import { describe, expect, it } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { rememberDirectoryWallet, rememberedDirectoryWallet, type DirectoryWallet } from './directory.js'

const wallet: DirectoryWallet = { id: 'rainbow', name: 'Rainbow', chains: ['eip155:1'], links: { mobile: 'rainbow://' } }

describe('picked directory wallets', () => {
  it('behavior: a picked wallet is remembered by id, in its own kernel only', () => {
    const kernel = testKernel()
    expect(rememberedDirectoryWallet(kernel, 'rainbow')).toBeUndefined()
    rememberDirectoryWallet(kernel, wallet)
    expect(rememberedDirectoryWallet(kernel, 'rainbow')).toBe(wallet)
    expect(rememberedDirectoryWallet(testKernel(), 'rainbow')).toBeUndefined()
  })
})
