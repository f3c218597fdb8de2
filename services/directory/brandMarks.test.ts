import { wallets as packageWallets } from '@web3icons/common'
import { describe, expect, it } from 'vitest'
import { brandMark } from './brandMarks.mjs'
import { loadCatalogue } from './catalogue.mjs'

describe('brandMark', () => {
  it('answers undefined, not an error, for a wallet the package lists but does not ship (Ambire)', async () => {
    expect(packageWallets.some((wallet) => wallet.id === 'ambire' && wallet.variants.includes('branded'))).toBe(true)
    await expect(brandMark('wallet', ['ambire-wallet', 'Ambire Wallet'])).resolves.toBeUndefined()
  })

  it('finds a mark or answers undefined for every wallet of the catalogue', async () => {
    const marks = await Promise.all(loadCatalogue().map((wallet) => brandMark('wallet', [wallet.id, wallet.name])))
    for (const mark of marks) if (mark !== undefined) expect(mark).toMatch(/^<svg[\s\S]*<\/svg>$/)
    expect(marks.filter(Boolean).length).toBeGreaterThan(10)
  })

  it('answers undefined for every network and token the package lists without shipping its file', async () => {
    await expect(brandMark('asset', ['Sepolia'])).resolves.toBeUndefined()
  })

  it("gives a chain's own coin the mark of its network where the package files it there (TON)", async () => {
    const ton = (await import('@web3icons/core/svgs/networks/branded/ton.svg.js')) as { default: string }
    await expect(brandMark('token', ['TON'])).resolves.toBe(ton.default.trim())
  })
})
