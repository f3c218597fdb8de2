import { describe, expect, it } from 'vitest'

import { testAddresses, testConnector, testNetwork, testNetworkB, testSolanaNetwork } from '../../test/fixtures.js'
import {
  connectionReducer,
  INITIAL_CONNECTION,
  selectActiveConnection,
  selectIsConnected,
  type ConnectionAction,
  type ConnectionState,
} from './connection.js'
import type { Account } from '../model/network.js'

const [evmA, evmB] = testAddresses.eip155
const [solA] = testAddresses.solana
const evm = (address: string): Account => ({ namespace: 'eip155', address, type: 'eoa' })
const sol = (address: string): Account => ({ namespace: 'solana', address, type: 'eoa' })

const reduce = (actions: ConnectionAction[], state: ConnectionState = INITIAL_CONNECTION) => actions.reduce(connectionReducer, state)

const connectEvm: ConnectionAction = {
  type: 'connected',
  namespace: 'eip155',
  connectorId: 'metamask',
  accounts: [evm(evmA), evm(evmB)],
  networkId: testNetwork.caipNetworkId,
}
const connectSolana: ConnectionAction = {
  type: 'connected',
  namespace: 'solana',
  connectorId: 'phantom',
  accounts: [sol(solA)],
  networkId: testSolanaNetwork.caipNetworkId,
}

describe('connectionReducer (rules §4)', () => {
  it('connecting marks the namespace connecting with its connector and clears an old error', () => {
    const failed = reduce([{ type: 'failed', namespace: 'eip155', error: 'Connection rejected' }])
    const state = reduce([{ type: 'connecting', namespace: 'eip155', connectorId: 'metamask' }], failed)
    expect(state.namespaces['eip155']).toEqual({ status: 'connecting', connectorId: 'metamask', accounts: [] })
    expect(selectIsConnected(state)).toBe(false)
  })

  it('connected stores accounts, the first address, the network, and activates the namespace', () => {
    const state = reduce([{ type: 'connecting', namespace: 'eip155', connectorId: 'metamask' }, connectEvm])
    expect(state.namespaces['eip155']).toEqual({
      status: 'connected',
      connectorId: 'metamask',
      accounts: [evm(evmA), evm(evmB)],
      address: evmA,
      networkId: 'eip155:1',
    })
    expect(state.activeNamespace).toBe('eip155')
    expect(selectIsConnected(state)).toBe(true)
    expect(selectActiveConnection(state)).toMatchObject({ namespace: 'eip155', address: evmA })
  })

  it('connected without accounts counts as disconnected', () => {
    const state = reduce([{ ...connectEvm, accounts: [] }])
    expect(state.namespaces['eip155']?.status).toBe('disconnected')
    expect(state.activeNamespace).toBeUndefined()
  })

  it('failed goes back to disconnected with the error', () => {
    const state = reduce([
      { type: 'connecting', namespace: 'eip155', connectorId: 'metamask' },
      { type: 'failed', namespace: 'eip155', error: 'Failed to connect' },
    ])
    expect(state.namespaces['eip155']).toEqual({ status: 'disconnected', accounts: [], error: 'Failed to connect' })
  })

  it('accounts-changed replaces the accounts and the address', () => {
    const state = reduce([connectEvm, { type: 'accounts-changed', namespace: 'eip155', accounts: [evm(evmB)] }])
    expect(state.namespaces['eip155']).toMatchObject({ status: 'connected', accounts: [evm(evmB)], address: evmB })
  })

  it('accounts-changed to [] disconnects the namespace', () => {
    const state = reduce([connectEvm, { type: 'accounts-changed', namespace: 'eip155', accounts: [] }])
    expect(state.namespaces['eip155']).toEqual({ status: 'disconnected', accounts: [] })
    expect(state.activeNamespace).toBeUndefined()
    expect(selectActiveConnection(state)).toBeUndefined()
  })

  it('network-changed moves a connected namespace; the same network changes nothing', () => {
    const connected = reduce([connectEvm])
    const moved = reduce([{ type: 'network-changed', namespace: 'eip155', networkId: testNetworkB.caipNetworkId }], connected)
    expect(moved.namespaces['eip155']?.networkId).toBe('eip155:10')
    expect(connectionReducer(connected, { type: 'network-changed', namespace: 'eip155', networkId: 'eip155:1' })).toBe(connected)
  })

  it('events for a namespace that is not connected are ignored', () => {
    const events: ConnectionAction[] = [
      { type: 'accounts-changed', namespace: 'eip155', accounts: [evm(evmA)] },
      { type: 'network-changed', namespace: 'eip155', networkId: 'eip155:10' },
      { type: 'namespace-activated', namespace: 'eip155' },
    ]
    const connecting = reduce([{ type: 'connecting', namespace: 'eip155', connectorId: 'metamask' }])
    for (const event of events) {
      expect(connectionReducer(INITIAL_CONNECTION, event)).toBe(INITIAL_CONNECTION)
      expect(connectionReducer(connecting, event)).toBe(connecting)
    }
  })

  it('EVM and Solana stay connected side by side; the latest connection the visitor made is active', () => {
    const state = reduce([
      { ...connectEvm, byVisitor: true },
      { ...connectSolana, byVisitor: true },
    ])
    expect(state.namespaces['eip155']?.status).toBe('connected')
    expect(state.namespaces['solana']).toMatchObject({ status: 'connected', address: solA })
    expect(state.activeNamespace).toBe('solana')
    const back = reduce([{ type: 'namespace-activated', namespace: 'eip155' }], state)
    expect(selectActiveConnection(back)).toMatchObject({ namespace: 'eip155', address: evmA })
  })

  it('disconnecting the active namespace moves activeNamespace to another connected one', () => {
    const state = reduce([connectEvm, connectSolana, { type: 'disconnected', namespace: 'solana' }])
    expect(state.namespaces['solana']).toEqual({ status: 'disconnected', accounts: [] })
    expect(state.activeNamespace).toBe('eip155')
  })

  it('the active namespace also moves when its reconnect fails or returns no account', () => {
    const both = reduce([connectEvm, connectSolana])
    const empty = reduce([{ ...connectSolana, accounts: [] }], both)
    expect(empty.activeNamespace).toBe('eip155')
    const failed = reduce(
      [
        { type: 'connecting', namespace: 'solana', connectorId: 'phantom' },
        { type: 'failed', namespace: 'solana', error: 'Connection rejected' },
      ],
      both,
    )
    expect(failed.namespaces['solana']).toEqual({ status: 'disconnected', accounts: [], error: 'Connection rejected' })
    expect(selectActiveConnection(failed)).toMatchObject({ namespace: 'eip155' })
  })

  it('disconnecting another namespace keeps the active one; the last one leaves none', () => {
    const state = reduce([connectEvm, connectSolana, { type: 'disconnected', namespace: 'eip155' }])
    expect(state.activeNamespace).toBe('solana')
    const none = reduce([{ type: 'disconnected', namespace: 'solana' }], state)
    expect(none.activeNamespace).toBeUndefined()
    expect(selectIsConnected(none)).toBe(false)
  })

  it('connector-added keeps the order found and replaces a connector with the same id', () => {
    const state = reduce([
      { type: 'connector-added', connector: testConnector({ id: 'a', name: 'A' }) },
      { type: 'connector-added', connector: testConnector({ id: 'b', name: 'B' }) },
      { type: 'connector-added', connector: testConnector({ id: 'a', name: 'A again' }) },
    ])
    expect(state.connectors.map((connector) => [connector.id, connector.name])).toEqual([
      ['b', 'B'],
      ['a', 'A again'],
    ])
  })

  it.each(['javascript:alert(1)', 'http://example.com/icon.png', 'data:text/html,<script>', '//example.com/x.png'])(
    'connector-added drops the unsafe imageUrl %s and keeps the rest',
    (imageUrl) => {
      const state = reduce([{ type: 'connector-added', connector: testConnector({ id: 'a', imageUrl }) }])
      expect(state.connectors[0]).not.toHaveProperty('imageUrl')
      expect(state.connectors[0]).toMatchObject({ id: 'a', name: 'Test Wallet' })
    },
  )

  it.each(['https://example.com/icon.png', 'data:image/png;base64,AAAA'])('connector-added keeps the safe imageUrl %s', (imageUrl) => {
    const state = reduce([{ type: 'connector-added', connector: testConnector({ imageUrl }) }])
    expect(state.connectors[0]?.imageUrl).toBe(imageUrl)
  })

  it('connector-removed removes by id', () => {
    const state = reduce([
      { type: 'connector-added', connector: testConnector({ id: 'a' }) },
      { type: 'connector-added', connector: testConnector({ id: 'b' }) },
      { type: 'connector-removed', connectorId: 'a' },
    ])
    expect(state.connectors.map((connector) => connector.id)).toEqual(['b'])
  })

  it('restored sessions: the first one back is shown, and one restored after it does not take its place', () => {
    expect(reduce([connectEvm, connectSolana]).activeNamespace).toBe('eip155')
    expect(reduce([connectSolana, connectEvm]).activeNamespace).toBe('solana')
  })

  it('the namespace that was shown comes back in front, whichever namespace is restored first (rules §4)', () => {
    for (const order of [
      [connectEvm, connectSolana],
      [connectSolana, connectEvm],
    ]) {
      const [first, second] = order as [ConnectionAction, ConnectionAction]
      const waiting = reduce([{ type: 'restore-started', namespace: 'solana' }, first])
      expect(waiting.activeNamespace).toBe(first === connectSolana ? 'solana' : undefined)
      const restored = reduce([second], waiting)
      expect(restored.namespaces['eip155']?.status).toBe('connected')
      expect(restored).toMatchObject({ activeNamespace: 'solana', restoring: 'solana' })
    }
  })

  it('a shown namespace that cannot be restored, or does not start in time, hands over to the ones restored', () => {
    const waiting = reduce([{ type: 'restore-started', namespace: 'solana' }, connectEvm])
    for (const end of [
      { type: 'failed', namespace: 'solana', error: 'Failed to connect' },
      { type: 'disconnected', namespace: 'solana' },
      { type: 'restore-abandoned' },
    ] satisfies ConnectionAction[]) {
      expect(reduce([end], waiting)).toMatchObject({ activeNamespace: 'eip155', restoring: undefined })
    }
    expect(reduce([{ type: 'restore-abandoned' }], reduce([{ type: 'restore-started', namespace: 'solana' }]))).toMatchObject({
      activeNamespace: undefined,
      restoring: undefined,
    })
  })

  it('the visitor connecting or choosing a namespace ends the restore', () => {
    const waiting = reduce([{ type: 'restore-started', namespace: 'solana' }, connectSolana])
    expect(reduce([{ ...connectEvm, byVisitor: true }], waiting)).toMatchObject({ activeNamespace: 'eip155', restoring: undefined })
    const chosen = reduce([connectEvm, { type: 'namespace-activated', namespace: 'eip155' }], waiting)
    expect(chosen).toMatchObject({ activeNamespace: 'eip155', restoring: undefined })
  })
})
