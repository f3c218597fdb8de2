import { describe, expect, it } from 'vitest'
import { BROWSE_WALLETS } from '../../chains/solana/browseLinks.js'
import { solanaDevnet, solanaMainnet } from '../../chains/solana/networks.js'
import { SWAP_NETWORKS } from 'foyer/protocol'
import { hasMark, loadMark, walletMarkKey } from './marks.js'

// The ids Foyer itself lists, and which of them still show a letter tile because no package draws them. A new mark in
// @web3icons/core, or a new id in these lists, changes the expected lists: say so in the change.
describe('package marks', () => {
  it('every wallet a chain lists by name has its mark: WalletConnect, the Solana apps a phone is sent to', () => {
    const names = ['WalletConnect', ...BROWSE_WALLETS.map((wallet) => wallet.name), 'MetaMask', 'Backpack', 'Trust Wallet']
    expect(names.filter((name) => !hasMark(['wallet', name]))).toEqual([])
  })

  it('networks by CAIP-2 id: only the local chains fall back, which their host draws (the demo does)', () => {
    const ids = [...SWAP_NETWORKS, solanaMainnet.caipNetworkId, solanaDevnet.caipNetworkId, 'eip155:11155111']
    expect(ids.filter((id) => !hasMark(['network', id]))).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('loads a mark as an SVG data URL, and nothing for an id no package draws', async () => {
    expect(await loadMark(['wallet', 'Coinbase Wallet'])).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    expect(await loadMark(['network', 'eip155:8453'])).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    expect(await loadMark(['wallet', 'Foyer Dev Wallet'])).toBeUndefined()
    // Keys are own properties only: a name like a prototype member finds nothing.
    expect(hasMark(['wallet', 'constructor'])).toBe(false)
    expect(await loadMark(['network', '__proto__'])).toBeUndefined()
  })

  it('a wallet is found by its name as the directory writes it', () => {
    expect(['Trust Wallet', 'Safe{Wallet}', 'OKX Wallet', 'Rabby Wallet'].map(walletMarkKey)).toEqual(['trust', 'safe', 'okx', 'rabby'])
  })
})
