import { afterEach, describe, expect, it, vi } from 'vitest'

import { testAddresses, testChain, testKernel, testNetwork, testSolanaNetwork } from '../../test/fixtures.js'
import { createMemoryBackend } from '../services/storage.js'
import { getAccount } from './account.js'
import type { ConnectionAction } from './connection.js'
import { RESTORE_START_MS, SHOWN_NAMESPACE_KEY } from './restore.js'

const KEY = `foyer:test-project:${SHOWN_NAMESPACE_KEY}`
const restoredEvm: ConnectionAction = {
  type: 'connected',
  namespace: 'eip155',
  connectorId: 'test-wallet-eip155',
  accounts: [{ namespace: 'eip155', address: testAddresses.eip155[0]!, type: 'eoa' }],
  networkId: testNetwork.caipNetworkId,
}
const restoredSolana: ConnectionAction = {
  type: 'connected',
  namespace: 'solana',
  connectorId: 'test-wallet-solana',
  accounts: [{ namespace: 'solana', address: testAddresses.solana[0]!, type: 'eoa' }],
  networkId: testSolanaNetwork.caipNetworkId,
}

/** A kernel with an EVM and a Solana chain, over `backend`, as the page loads again. */
function reloaded(backend: ReturnType<typeof createMemoryBackend>, options: { enableReconnect?: boolean } = {}) {
  return testKernel({ storage: backend, plugins: [testChain(), testChain({ namespace: 'solana' })], ...options })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a reload brings back the namespace that was shown (rules §4)', () => {
  it('remembers the namespace the visitor is shown, and shows it again first whichever session comes back first', () => {
    const backend = createMemoryBackend()
    const first = reloaded(backend)
    first.dispatchConnection({ ...restoredEvm, byVisitor: true })
    first.dispatchConnection({ ...restoredSolana, byVisitor: true })
    expect(backend.getItem(KEY)).toBe('"solana"')

    const kernel = reloaded(backend)
    kernel.dispatchConnection({ type: 'connecting', namespace: 'eip155', connectorId: 'test-wallet-eip155' })
    kernel.dispatchConnection({ type: 'connecting', namespace: 'solana', connectorId: 'test-wallet-solana' })
    kernel.dispatchConnection(restoredEvm)
    // EVM is back, but the account the visitor was on is not yet: still on its way, not the other one.
    expect(getAccount(kernel)).toMatchObject({ status: 'connecting', isConnected: false })
    kernel.dispatchConnection(restoredSolana)
    expect(getAccount(kernel)).toMatchObject({ status: 'connected', namespace: 'solana', address: testAddresses.solana[0] })
    expect(backend.getItem(KEY)).toBe('"solana"')

    // The visitor's own choice is remembered from then on; disconnecting everything forgets it.
    kernel.dispatchConnection({ type: 'namespace-activated', namespace: 'eip155' })
    expect(backend.getItem(KEY)).toBe('"eip155"')
    kernel.dispatchConnection({ type: 'disconnected', namespace: 'eip155' })
    kernel.dispatchConnection({ type: 'disconnected', namespace: 'solana' })
    expect(backend.getItem(KEY)).toBeNull()
  })

  it(`a remembered namespace whose restore has not started within ${RESTORE_START_MS} ms leaves the others shown; one under way is waited for`, () => {
    vi.useFakeTimers()
    const backend = createMemoryBackend()
    backend.setItem(KEY, '"solana"')
    const gone = reloaded(backend)
    gone.dispatchConnection(restoredEvm)
    vi.advanceTimersByTime(RESTORE_START_MS - 1)
    expect(getAccount(gone).status).toBe('connecting')
    vi.advanceTimersByTime(1)
    expect(getAccount(gone)).toMatchObject({ status: 'connected', namespace: 'eip155' })
    expect(backend.getItem(KEY)).toBe('"eip155"')

    backend.setItem(KEY, '"solana"')
    const slow = reloaded(backend)
    slow.dispatchConnection({ type: 'connecting', namespace: 'solana', connectorId: 'test-wallet-solana' })
    slow.dispatchConnection(restoredEvm)
    vi.advanceTimersByTime(RESTORE_START_MS * 10)
    expect(getAccount(slow).status).toBe('connecting')
    slow.dispatchConnection(restoredSolana)
    expect(getAccount(slow).namespace).toBe('solana')
  })

  it('with reconnecting off, nothing is restored and the remembered namespace is dropped; a stored value that is not a string is dropped', () => {
    const backend = createMemoryBackend()
    backend.setItem(KEY, '"solana"')
    const kernel = reloaded(backend, { enableReconnect: false })
    expect(kernel.store.getState().connection.restoring).toBeUndefined()
    expect(backend.getItem(KEY)).toBeNull()

    backend.setItem(KEY, '{"namespace":1}')
    expect(reloaded(backend).store.getState().connection.restoring).toBeUndefined()
    expect(backend.getItem(KEY)).toBeNull()
    // A namespace no chain of this kernel serves is not waited for.
    backend.setItem(KEY, '"bip122"')
    expect(reloaded(backend).store.getState().connection.restoring).toBeUndefined()
  })
})
