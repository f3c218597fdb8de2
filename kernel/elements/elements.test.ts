import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.js'
import { disconnect } from '../actions/disconnect.js'
import { switchNetwork } from '../actions/switchNetwork.js'
import { closeModal, openModal } from '../core/modal.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { defineFoyerElements } from './defineFoyerElements.js'
import { getModal, getNetwork, watchAccount, watchModal, watchNetwork } from './watch.js'

describe('defineFoyerElements', () => {
  it('does nothing on a server, where there is no custom element registry: the tags stay inert', () => {
    const kernel = testKernel({ plugins: [testChain()] })
    expect(typeof customElements).toBe('undefined')
    expect(() => defineFoyerElements(kernel)).not.toThrow()
    // Nothing was served either: the modal's views wait for a page that defines the tags.
    expect(kernel.views.get('Connect')).toBeUndefined()
  })
})

describe('the vanilla API', () => {
  it('watchAccount calls back on each change of the account, and stops when asked', async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    const seen: string[] = []
    const stop = watchAccount(kernel, (account) => seen.push(`${account.status} ${account.address ?? ''}`.trim()))
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    await disconnect(kernel)
    stop()
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(seen).toEqual(['connecting', 'connected 0x1111111111111111111111111111111111111111', 'disconnected'])
  })

  it('watchNetwork calls back when the network changes, not for other changes of the connection', async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    expect(getNetwork(kernel)).toMatchObject({ networkId: undefined, isSupported: true })
    expect(getNetwork(kernel).networks.map((network) => network.name)).toEqual(['Testnet One', 'Testnet Ten'])
    const seen: string[] = []
    watchNetwork(kernel, ({ networkId, network }) => seen.push(`${networkId} ${network?.name}`))
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    openModal(kernel)
    await switchNetwork(kernel, { networkId: 'eip155:10' })
    expect(seen).toEqual(['eip155:1 Testnet One', 'eip155:10 Testnet Ten'])
    expect(getNetwork(kernel)).toMatchObject({ networkId: 'eip155:10', isSupported: true })
  })

  it('watchModal calls back when the modal opens, moves to another view and closes', () => {
    const kernel = testKernel({ plugins: [testChain()] })
    kernel.views.register('Connect', { title: 'connect.title', load: async () => ({}) as never })
    kernel.views.register('Networks', { title: 'networks.title', load: async () => ({}) as never })
    const seen: string[] = []
    watchModal(kernel, ({ open, view }) => seen.push(open ? `open ${view}` : 'closed'))
    openModal(kernel)
    expect(getModal(kernel)).toEqual({ open: true, view: 'Connect' })
    kernel.router.push('Networks')
    closeModal(kernel)
    expect(seen).toEqual(['open Connect', 'open Networks', 'closed'])
    expect(getModal(kernel)).toEqual({ open: false })
  })
})
