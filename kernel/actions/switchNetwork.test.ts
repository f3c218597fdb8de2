import { describe, expect, it } from 'vitest'

import { testChain, testKernel, testNetworkB } from '../../test/fixtures.js'
import { alertMessages, dismissAlert } from '../core/alerts.js'
import { connect } from './connect.js'
import { switchNetwork } from './switchNetwork.js'

async function setup(options: Parameters<typeof testChain>[0] = {}) {
  const chain = testChain(options)
  const kernel = testKernel({ plugins: [chain] })
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
  const networkId = () => kernel.store.getState().connection.namespaces['eip155']?.networkId
  return { kernel, chain, networkId }
}

describe('switchNetwork', () => {
  it('asks the wallet and then records the new network', async () => {
    const { kernel, chain, networkId } = await setup()
    await switchNetwork(kernel, { networkId: testNetworkB.caipNetworkId })
    expect(chain.wallet.calls.switchNetwork).toBe(1)
    expect(chain.wallet.networkId).toBe('eip155:10')
    expect(networkId()).toBe('eip155:10')
  })

  it("a network no chain declares is 'Network not found', raised as the 'Network Not Found' alert", async () => {
    const { kernel, chain } = await setup()
    await expect(switchNetwork(kernel, { networkId: 'eip155:999' })).rejects.toThrow('Network not found')
    expect(chain.wallet.calls.switchNetwork).toBe(0)
    const { alerts } = kernel.store.getState()
    expect(alerts).toEqual({ current: 'NETWORK_NOT_FOUND', raised: ['NETWORK_NOT_FOUND'] })
    expect(kernel.i18n.t(alertMessages(alerts.current!).short)).toBe('Network Not Found')
  })

  it('the alert shows once per kind (rules §4), however often the switch is asked for', async () => {
    const { kernel } = await setup()
    await expect(switchNetwork(kernel, { networkId: 'eip155:999' })).rejects.toThrow('Network not found')
    dismissAlert(kernel)
    await expect(switchNetwork(kernel, { networkId: 'eip155:998' })).rejects.toThrow('Network not found')
    expect(kernel.store.getState().alerts).toEqual({ current: undefined, raised: ['NETWORK_NOT_FOUND'] })
  })

  it('a switch that fails for another reason raises no alert', async () => {
    const { kernel } = await setup({ switchNetwork: false })
    await expect(switchNetwork(kernel, { networkId: testNetworkB.caipNetworkId })).rejects.toThrow('Unsupported chain')
    expect(kernel.store.getState().alerts.raised).toEqual([])
  })

  it("a chain that cannot switch is 'Unsupported chain'", async () => {
    const { kernel, networkId } = await setup({ switchNetwork: false })
    await expect(switchNetwork(kernel, { networkId: testNetworkB.caipNetworkId })).rejects.toThrow('Unsupported chain')
    expect(networkId()).toBe('eip155:1')
  })

  it("a namespace that is not connected is 'Address or auth connector not found'", async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    await expect(switchNetwork(kernel, { networkId: testNetworkB.caipNetworkId })).rejects.toThrow('Address or auth connector not found')
  })

  it('a wallet that refuses leaves the network as it was', async () => {
    const { kernel, networkId } = await setup({ switchNetwork: 'reject' })
    await expect(switchNetwork(kernel, { networkId: testNetworkB.caipNetworkId })).rejects.toMatchObject({ code: 4001 })
    expect(networkId()).toBe('eip155:1')
  })
})
