import { describe, expect, it } from 'vitest'

import { testAddresses, testChain, testKernel, testSolanaNetwork } from '../../test/fixtures.js'
import { definePlugin } from '../core/plugin.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import type { ViewId } from '../core/views.js'
import { switchConnection } from './switchConnection.js'

const view = () => ({ load: async () => ({ default: 'component' }) })

/**
 * The views a switch may open, and an embedded-wallet-like connector ('auth', EVM and Solana, with account types and
 * its own login view) beside the test chain's injected one.
 */
function setup() {
  const switched: { namespace: string; address?: string }[] = []
  const plugin = definePlugin({
    name: 'test-connections',
    views: Object.fromEntries(
      (['Connect', 'Account', 'ConnectingExternal', 'ConnectingWalletConnectBasic'] as ViewId[]).map((id) => [id, view()]),
    ),
    setup: (kernel) =>
      kernel.connectors.register({
        connector: { id: 'embedded', name: 'Email', namespaces: ['eip155', 'solana'], type: 'auth' },
        route: () => ({ view: 'ConnectingWalletConnectBasic', params: undefined }),
        capabilities: {
          async switchAccountType(parameters) {
            switched.push(parameters)
          },
        },
      }),
  })
  const evm = testChain()
  const solana = testChain({ namespace: 'solana', networks: [testSolanaNetwork] })
  const kernel = testKernel({ plugins: [plugin, evm, solana] })
  return {
    kernel,
    evm,
    switched,
    namespace: (namespace: string) => kernel.store.getState().connection.namespaces[namespace],
    active: () => kernel.store.getState().connection.activeNamespace,
  }
}

describe('switchConnection (rules §4)', () => {
  it('connected reconnects the connector and settles its account type, without changing the active namespace', async () => {
    const { kernel, switched, namespace, active } = setup()
    await switchConnection(kernel, { connectorId: 'test-wallet-solana', namespace: 'solana', status: 'connected' })
    expect(active()).toBe('solana')
    await switchConnection(kernel, { connectorId: 'embedded', namespace: 'eip155', status: 'connected', address: testAddresses.eip155[0] })
    expect(namespace('eip155')).toMatchObject({ status: 'connected', connectorId: 'embedded', address: testAddresses.eip155[0] })
    expect(switched).toEqual([{ namespace: 'eip155', address: testAddresses.eip155[0] }])
    expect(active()).toBe('solana')
  })

  it('connected with nothing shown yet shows the namespace', async () => {
    const { kernel, active } = setup()
    await switchConnection(kernel, { connectorId: 'embedded', namespace: 'solana', status: 'connected' })
    expect(active()).toBe('solana')
  })

  it('active also makes the namespace the one the Account view shows', async () => {
    const { kernel, switched, active } = setup()
    await switchConnection(kernel, { connectorId: 'embedded', namespace: 'solana', status: 'active' })
    expect(active()).toBe('solana')
    expect(switched).toEqual([{ namespace: 'solana' }])
  })

  it('switching to the namespace’s current connector asks the wallet nothing again', async () => {
    const { kernel, evm } = setup()
    await switchConnection(kernel, { connectorId: 'test-wallet-eip155', namespace: 'eip155', status: 'active' })
    expect(evm.wallet.calls.connect).toBe(1)
    await switchConnection(kernel, { connectorId: 'test-wallet-eip155', namespace: 'eip155', status: 'connected' })
    expect(evm.wallet.calls.connect).toBe(1)
  })

  it('another connector on the namespace replaces the current one', async () => {
    const { kernel, namespace, evm } = setup()
    await switchConnection(kernel, { connectorId: 'test-wallet-eip155', namespace: 'eip155', status: 'active' })
    await switchConnection(kernel, { connectorId: 'embedded', namespace: 'eip155', status: 'active' })
    expect(namespace('eip155')?.connectorId).toBe('embedded')
    expect(evm.wallet.calls.connect).toBe(2)
  })

  it('a connector without account types is only reconnected', async () => {
    const { kernel, switched, namespace } = setup()
    await switchConnection(kernel, { connectorId: 'test-wallet-eip155', namespace: 'eip155', status: 'connected', address: '0xabc' })
    expect(namespace('eip155')?.status).toBe('connected')
    expect(switched).toEqual([])
  })

  it('disconnected runs the connector’s login flow in the modal and connects nothing', async () => {
    const { kernel, namespace, switched } = setup()
    await switchConnection(kernel, { connectorId: 'embedded', namespace: 'eip155', status: 'disconnected' })
    expect(kernel.store.getState().modal.open).toBe(true)
    expect(kernel.router.current()).toEqual({ view: 'ConnectingWalletConnectBasic', params: undefined })
    expect(namespace('eip155')?.status ?? 'disconnected').toBe('disconnected')
    expect(switched).toEqual([])
  })

  it('disconnected on a connector with no view of its own opens ConnectingExternal for it', async () => {
    const { kernel } = setup()
    await switchConnection(kernel, { connectorId: 'test-wallet-eip155', namespace: 'eip155', status: 'disconnected' })
    expect(kernel.router.current()).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'test-wallet-eip155' } })
  })

  it.each(['connecting', 'pending', '', undefined, 42])("status %j is refused with 'Invalid connection status'", async (status) => {
    const { kernel, namespace, switched } = setup()
    const error = await switchConnection(kernel, { connectorId: 'embedded', namespace: 'eip155', status: status as never }).catch(
      (caught: unknown) => caught,
    )
    expect(isFoyerError(error, 'InvalidConnectionStatusError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe(`Invalid connection status: ${String(status)}`)
    expect(namespace('eip155')).toBeUndefined()
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(switched).toEqual([])
  })

  it("an unknown connector, or one that does not serve the namespace, is 'Failed to connect'", async () => {
    const { kernel } = setup()
    for (const [connectorId, namespace] of [
      ['nobody', 'eip155'],
      ['test-wallet-solana', 'eip155'],
    ] as const) {
      const error = await switchConnection(kernel, { connectorId, namespace, status: 'active' }).catch((caught: unknown) => caught)
      expect(isFoyerError(error, 'ConnectionFailedError')).toBe(true)
    }
  })
})
