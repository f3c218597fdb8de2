import { describe, expect, it } from 'vitest'

import { testAddresses, testChain, testConnector, testKernel, testNetworkB } from '../../test/fixtures.js'
import type { FoyerOptions } from '../core/options.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import { readRecentWallets } from '../services/storage.js'
import { StorageToken } from '../core/tokens.js'
import { connect } from './connect.js'

const connectorId = 'test-wallet-eip155'

function setup(chain = testChain(), options: FoyerOptions = {}) {
  const kernel = testKernel({ plugins: [chain], ...options })
  return {
    kernel,
    chain,
    evm: () => kernel.store.getState().connection.namespaces['eip155'],
    recent: () => readRecentWallets(kernel.container.resolve(StorageToken)),
  }
}

describe('connect', () => {
  it('the chain announces its connector at setup', () => {
    const { kernel } = setup()
    expect(kernel.store.getState().connection.connectors).toEqual([testConnector()])
  })

  it('goes connecting, then connected, and returns the connection', async () => {
    const { kernel, evm } = setup()
    const pending = connect(kernel, { connectorId })
    expect(evm()).toEqual({ status: 'connecting', connectorId, accounts: [] })
    const connection = await pending
    expect(connection).toMatchObject({ namespace: 'eip155', status: 'connected', address: testAddresses.eip155[0], networkId: 'eip155:1' })
    expect(evm()?.status).toBe('connected')
    expect(kernel.store.getState().connection.activeNamespace).toBe('eip155')
  })

  it('a connected wallet becomes the first recent wallet; two are kept', async () => {
    const chain = testChain({
      connectors: [
        testConnector({ id: 'one', name: 'One' }),
        testConnector({ id: 'two', name: 'Two', imageUrl: undefined, info: undefined }),
        testConnector({ id: 'three', name: 'Three' }),
      ],
    })
    const { kernel, recent } = setup(chain)
    await connect(kernel, { connectorId: 'one' })
    expect(recent()).toEqual([{ id: 'one', name: 'One', imageUrl: 'https://example.com/test-wallet.png', rdns: 'example.test-wallet' }])
    await connect(kernel, { connectorId: 'two' })
    await connect(kernel, { connectorId: 'three' })
    expect(recent().map((wallet) => wallet.id)).toEqual(['three', 'two'])
  })

  it("a rejection (code 4001) is 'Connection rejected' and leaves the namespace disconnected with that error", async () => {
    const { kernel, evm, recent } = setup(testChain({ connect: 'reject' }))
    const error = await connect(kernel, { connectorId }).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'ConnectionRejectedError')).toBe(true)
    expect((error as Error).message).toBe('Connection rejected')
    expect((error as Error).cause).toMatchObject({ code: 4001 })
    expect(evm()).toEqual({ status: 'disconnected', accounts: [], error: 'Connection rejected' })
    expect(recent()).toEqual([])
  })

  it("any other failure is 'Failed to connect' with the wallet's reason in the details", async () => {
    const { kernel, evm, recent } = setup(testChain({ connect: 'fail' }))
    const error = await connect(kernel, { connectorId }).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'ConnectionFailedError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Failed to connect')
    expect((error as Error).message).toContain('The test wallet could not connect.')
    expect(evm()).toEqual({ status: 'disconnected', accounts: [], error: 'Failed to connect' })
    expect(recent()).toEqual([])
  })

  it('the next attempt clears the last error', async () => {
    const { kernel, chain, evm } = setup(testChain({ connect: 'reject' }))
    await connect(kernel, { connectorId }).catch(() => {})
    chain.wallet.connectAnswer = 'approve'
    await connect(kernel, { connectorId })
    expect(evm()?.error).toBeUndefined()
  })

  it("a wallet that returns no account is 'Failed to connect' and not a recent wallet", async () => {
    const { kernel, evm, recent } = setup(testChain({ accounts: [] }))
    await expect(connect(kernel, { connectorId })).rejects.toThrow('Failed to connect')
    expect(evm()).toMatchObject({ status: 'disconnected', error: 'Failed to connect' })
    expect(recent()).toEqual([])
  })

  it("an unknown connector is 'Failed to connect' naming the id", async () => {
    const { kernel, chain } = setup()
    await expect(connect(kernel, { connectorId: 'nope' })).rejects.toThrow("No connector has the id 'nope'.")
    expect(chain.wallet.calls.connect).toBe(0)
  })

  it('the defaultNetwork of the namespace is asked for', async () => {
    const { kernel } = setup(testChain(), { defaultNetwork: testNetworkB.caipNetworkId })
    const connection = await connect(kernel, { connectorId })
    expect(connection.networkId).toBe('eip155:10')
  })

  it('connecting Solana keeps EVM connected', async () => {
    const kernel = testKernel({ plugins: [testChain(), testChain({ namespace: 'solana' })] })
    await connect(kernel, { connectorId })
    await connect(kernel, { connectorId: 'test-wallet-solana' })
    const { namespaces, activeNamespace } = kernel.store.getState().connection
    expect(namespaces['eip155']?.status).toBe('connected')
    expect(namespaces['solana']).toMatchObject({ status: 'connected', address: testAddresses.solana[0] })
    expect(activeNamespace).toBe('solana')
  })
})
