import { describe, expect, it } from 'vitest'

import { testChain, testKernel } from '../../test/fixtures.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import { openModal } from '../core/modal.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'

async function setup(evmOptions: Parameters<typeof testChain>[0] = {}, solanaOptions: Parameters<typeof testChain>[0] = {}) {
  const evm = testChain(evmOptions)
  const solana = testChain({ namespace: 'solana', ...solanaOptions })
  const kernel = testKernel({ plugins: [evm, solana] })
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
  await connect(kernel, { connectorId: 'test-wallet-solana' })
  openModal(kernel)
  const status = (namespace: string) => kernel.store.getState().connection.namespaces[namespace]?.status
  return { kernel, evm, solana, status }
}

describe('disconnect (rules §4)', () => {
  it('disconnects every namespace, resets the state and closes the modal', async () => {
    const { kernel, evm, solana, status } = await setup()
    await disconnect(kernel)
    expect(evm.wallet.calls.disconnect).toBe(1)
    expect(solana.wallet.calls.disconnect).toBe(1)
    expect(kernel.store.getState().connection.namespaces).toEqual({
      eip155: { status: 'disconnected', accounts: [] },
      solana: { status: 'disconnected', accounts: [] },
    })
    expect(kernel.store.getState().connection.activeNamespace).toBeUndefined()
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(status('eip155')).toBe('disconnected')
  })

  it('with a namespace only that one goes', async () => {
    const { kernel, evm, solana, status } = await setup()
    await disconnect(kernel, { namespace: 'solana' })
    expect(status('solana')).toBe('disconnected')
    expect(status('eip155')).toBe('connected')
    expect(kernel.store.getState().connection.activeNamespace).toBe('eip155')
    expect(evm.wallet.calls.disconnect).toBe(0)
    expect(solana.wallet.calls.disconnect).toBe(1)
  })

  it("a wallet that fails to let go is reset anyway and reported as 'Failed to disconnect chains: eip155'", async () => {
    const { kernel, status } = await setup({ disconnect: 'fail' })
    const error = await disconnect(kernel).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'DisconnectFailedError')).toBe(true)
    expect((error as Error).message).toBe('Failed to disconnect chains: eip155')
    expect((error as Error).cause).toBeInstanceOf(Error)
    expect(status('eip155')).toBe('disconnected')
    expect(status('solana')).toBe('disconnected')
    expect(kernel.store.getState().modal.open).toBe(false)
  })

  it('every failing namespace is named', async () => {
    const { kernel } = await setup({ disconnect: 'fail' }, { disconnect: 'reject' })
    await expect(disconnect(kernel)).rejects.toThrow('Failed to disconnect chains: eip155, solana')
  })

  it('with nothing connected it only closes the modal', async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    openModal(kernel)
    await expect(disconnect(kernel)).resolves.toBeUndefined()
    expect(kernel.store.getState().modal.open).toBe(false)
  })
})
