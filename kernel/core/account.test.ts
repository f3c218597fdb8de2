import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { memoryBlockchainApi, tokenBalance } from '../../test/memoryBlockchainApi.js'
import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { connect } from '../actions/connect.js'
import { disconnect } from '../actions/disconnect.js'
import { getNativeBalance } from '../actions/getNativeBalance.js'
import { getIdentity } from '../actions/getIdentity.js'
import { getTokenBalances } from '../actions/getTokenBalances.js'
import { createMemoryBackend } from '../services/storage.js'
import { BlockchainApiToken } from './tokens.js'
import { getAccount, setAccountDetails, setAddressLabel } from './account.js'

const connectorId = 'test-wallet-eip155'
const address = testAddresses.eip155[0]

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

/** A kernel with the test EVM chain and an in-memory data service, over `storage` (one page load). */
function page(storage = createMemoryBackend()) {
  const kernel = testKernel({ plugins: [testChain()], storage })
  const api = memoryBlockchainApi({
    balances: [tokenBalance('USDC', '12.5', 1, { chainId: testNetwork.caipNetworkId })],
    identities: { [address.toLowerCase()]: { name: 'alice.foyer.id', avatar: 'https://example.com/alice.png' } },
  })
  kernel.container.provide(BlockchainApiToken, api)
  return { kernel, storage, api }
}

describe('getAccount (rules §3 account state)', () => {
  it('disconnected: the status and the labels only', () => {
    const { kernel } = page()
    expect(getAccount(kernel)).toEqual({ status: 'disconnected', isConnected: false, addressLabels: {} })
  })

  it("connected: the connection, the account's type and the wallet's info from its connector", async () => {
    const { kernel } = page()
    await connect(kernel, { connectorId })
    expect(getAccount(kernel)).toEqual({
      status: 'connected',
      isConnected: true,
      address,
      caipAddress: `eip155:1:${address}`,
      namespace: 'eip155',
      connectorId,
      accountType: 'eoa',
      addressLabels: {},
      connectedWalletInfo: {
        name: 'Test Wallet',
        type: 'injected',
        icon: 'https://example.com/test-wallet.png',
        rdns: 'example.test-wallet',
      },
    })
  })

  it('carries the last balance, identity and token balances the kernel read, and after a reload at once', async () => {
    const first = page()
    await connect(first.kernel, { connectorId })
    await getNativeBalance(first.kernel, { namespace: 'eip155', address, networkId: testNetwork.caipNetworkId })
    await getIdentity(first.kernel, { address })
    await getTokenBalances(first.kernel, { address, chainId: testNetwork.caipNetworkId })
    const figures = {
      balance: '1.5',
      balanceSymbol: 'TETH',
      profileName: 'alice.foyer.id',
      profileImage: 'https://example.com/alice.png',
      tokenBalance: [expect.objectContaining({ symbol: 'USDC', quantity: { decimals: 18, numeric: '12.5' } })],
    }
    expect(getAccount(first.kernel)).toMatchObject(figures)

    // The page reloads: the same storage, a new kernel; nothing is read yet, the figures are there.
    const reloaded = page(first.storage)
    await connect(reloaded.kernel, { connectorId })
    expect(getAccount(reloaded.kernel)).toMatchObject(figures)
    expect(reloaded.api.calls).toMatchObject({ balances: 0, identity: 0 })
  })

  it('what a plugin adds for its connector is merged, and forgotten when the connector disconnects (rules §4)', async () => {
    const { kernel } = page()
    await connect(kernel, { connectorId })
    const user = { email: 'ada@example.com', accounts: [{ namespace: 'eip155', address, type: 'eoa' as const }] }
    setAccountDetails(kernel, connectorId, { authName: 'email', user, preferredAccountType: 'eoa' })
    setAccountDetails(kernel, connectorId, { smartAccountDeployed: false, preferredAccountType: undefined })
    expect(getAccount(kernel)).toMatchObject({ authName: 'email', user, smartAccountDeployed: false })
    expect(getAccount(kernel)).not.toHaveProperty('preferredAccountType')
    // Another connector's details are not this account's.
    setAccountDetails(kernel, 'someone-else', { authName: 'google' })
    expect(getAccount(kernel).authName).toBe('email')

    await disconnect(kernel)
    expect(kernel.store.getState().account.details).toEqual({})
    await connect(kernel, { connectorId })
    expect(getAccount(kernel)).not.toHaveProperty('user')
  })

  it('a plugin may describe the wallet better than its connector', async () => {
    const { kernel } = page()
    await connect(kernel, { connectorId })
    setAccountDetails(kernel, connectorId, { connectedWalletInfo: { name: 'Peer Wallet', type: 'walletConnect' } })
    expect(getAccount(kernel).connectedWalletInfo).toEqual({ name: 'Peer Wallet', type: 'walletConnect' })
  })

  it('address labels are kept by lowercased address and may be removed', () => {
    const { kernel } = page()
    setAddressLabel(kernel, address, 'Treasury')
    expect(getAccount(kernel).addressLabels).toEqual({ [address.toLowerCase()]: 'Treasury' })
    setAddressLabel(kernel, address.toUpperCase().replace('0X', '0x'), undefined)
    expect(getAccount(kernel).addressLabels).toEqual({})
  })
})
