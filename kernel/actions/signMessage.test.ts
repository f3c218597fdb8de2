import { describe, expect, it } from 'vitest'

import { testAddresses, testChain, testConnector, testKernel } from '../../test/fixtures.js'
import { connect } from './connect.js'
import { signMessage } from './signMessage.js'

describe('signMessage', () => {
  it('the active account signs through its chain', async () => {
    const chain = testChain()
    const kernel = testKernel({ plugins: [chain] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    const result = await signMessage(kernel, { message: 'hello' })
    expect(result.address).toBe(testAddresses.eip155[0])
    expect(result.namespace).toBe('eip155')
    expect(result.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(chain.wallet.calls.signMessage).toBe(1)
  })

  it('a namespace can be named when several are connected', async () => {
    const solana = testChain({ namespace: 'solana', connectors: [testConnector({ namespaces: ['solana'] })] })
    const kernel = testKernel({ plugins: [testChain(), solana] })
    await connect(kernel, { connectorId: 'test-wallet-solana' })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    const result = await signMessage(kernel, { message: 'hello', namespace: 'solana' })
    expect(result.address).toBe(testAddresses.solana[0])
    expect(solana.wallet.calls.signMessage).toBe(1)
  })

  it("nobody connected is 'Address or auth connector not found'", async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    await expect(signMessage(kernel, { message: 'hello' })).rejects.toThrow('Address or auth connector not found')
  })

  it("a chain without signing is 'Unsupported chain'", async () => {
    const kernel = testKernel({ plugins: [testChain({ signMessage: false })] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    await expect(signMessage(kernel, { message: 'hello' })).rejects.toThrow('Unsupported chain')
  })

  it('a rejection in the wallet reaches the caller', async () => {
    const kernel = testKernel({ plugins: [testChain({ signMessage: 'reject' })] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    await expect(signMessage(kernel, { message: 'hello' })).rejects.toMatchObject({ code: 4001 })
  })
})
