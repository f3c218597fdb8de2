import { describe, expect, it } from 'vitest'

import { testChain, testConnector, testKernel } from '../../test/fixtures.js'
import { connect, setAccountDetails } from 'foyer'
import { profileWallets, removeProfileWallet, wallets } from './index.js'

function setup(features = {}) {
  const chain = testChain({ connectors: [testConnector(), testConnector({ id: 'other', name: 'Other Wallet' })] })
  return { kernel: testKernel({ plugins: [chain, wallets()], features }), chain }
}

describe('the wallets plugin (rules §6 multi-wallet)', () => {
  it('each connection is kept per namespace, the shown one active', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: 'other' })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(profileWallets(kernel, 'eip155').map(({ connectorId, active }) => [connectorId, active])).toEqual([
      ['other', false],
      ['test-wallet-eip155', true],
    ])
    expect(profileWallets(kernel, 'solana')).toEqual([])
  })

  it('a login connection carries its auth name (rules §3), as its plugin set it; others have none', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: 'other' })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    setAccountDetails(kernel, 'other', { authName: 'google' })
    expect(profileWallets(kernel, 'eip155').map(({ connectorId, authName }) => [connectorId, authName])).toEqual([
      ['other', 'google'],
      ['test-wallet-eip155', undefined],
    ])
  })

  it('a new address of a known connection replaces its entry in place', async () => {
    const { kernel, chain } = setup()
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    chain.wallet.changeAccounts(['0x3333333333333333333333333333333333333333'])
    expect(profileWallets(kernel, 'eip155').map((wallet) => wallet.address)).toEqual(['0x3333333333333333333333333333333333333333'])
  })

  it('removing forgets one connection', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: 'other' })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    removeProfileWallet(kernel, { namespace: 'eip155', connectorId: 'other' })
    expect(profileWallets(kernel, 'eip155').map((wallet) => wallet.connectorId)).toEqual(['test-wallet-eip155'])
  })

  it('with multiWallet off the results are empty and removing does nothing', async () => {
    const { kernel } = setup({ multiWallet: false })
    await connect(kernel, { connectorId: 'other' })
    expect(profileWallets(kernel, 'eip155')).toEqual([])
    removeProfileWallet(kernel, { namespace: 'eip155', connectorId: 'other' })
    expect(kernel.store.getState().wallets.connections).toHaveLength(1)
  })

  it('the flag is remote-settable and on by default (rules §9)', () => {
    const { kernel } = setup()
    expect(kernel.store.getState().features.flags['multiWallet']).toBe(true)
  })
})
