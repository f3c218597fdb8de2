import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from 'foyer'
import { testKernel } from '../../test/fixtures.js'
import { announceWallet } from '../../test/eip1193Wallet.js'
import { evm, evmNetwork, INJECTED_CONNECTOR_ID, LEGACY_PROVIDER_WAIT_MS } from './index.js'

// Discovery never calls the wallets, so these are plain EIP-1193 shapes; evm.integration.test.ts connects real ones.
const wallet = () => ({ request: async () => null, on() {}, removeListener() {} })
const icon = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
const local = evmNetwork({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

// Node has no window: this EventTarget is the only stand-in in these tests (wallets announce and
// the chain listens through it exactly as in a page).
let page: EventTarget & { ethereum?: unknown }
beforeEach(() => {
  page = new EventTarget()
  vi.stubGlobal('window', page)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const connectors = (kernel: ReturnType<typeof testKernel>) => kernel.store.getState().connection.connectors

describe('discovery (EIP-6963 and window.ethereum)', () => {
  it('each announced wallet is its own connector, named by its rdns', () => {
    announceWallet(page, wallet(), { name: 'Amber', rdns: 'com.amber', icon })
    announceWallet(page, wallet(), { name: 'Basalt', rdns: 'io.basalt', icon: 'https://basalt.example/icon.png' })
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    expect(connectors(kernel)).toEqual<Connector[]>([
      {
        id: 'com.amber',
        name: 'Amber',
        namespaces: ['eip155'],
        type: 'announced',
        info: { rdns: 'com.amber' },
        imageUrl: icon,
        installed: true,
      },
      {
        id: 'io.basalt',
        name: 'Basalt',
        namespaces: ['eip155'],
        type: 'announced',
        info: { rdns: 'io.basalt' },
        imageUrl: 'https://basalt.example/icon.png',
        installed: true,
      },
    ])
  })

  it('a wallet that announces after setup is added when it does', () => {
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    expect(connectors(kernel)).toEqual([])
    announceWallet(page, wallet(), { name: 'Amber', rdns: 'com.amber', icon })
    expect(connectors(kernel).map((connector) => connector.id)).toEqual(['com.amber'])
  })

  it('without an rdns the uuid is the id; an icon that is not https or data:image is dropped', () => {
    page.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'a1b2', name: 'Cobalt', icon: 'javascript:alert(1)', rdns: '' }, provider: wallet() },
      }),
    )
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    page.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'c3d4', name: 'Cobalt', icon: 'http://cobalt.example/icon.png', rdns: '' }, provider: wallet() },
      }),
    )
    expect(connectors(kernel)).toEqual([{ id: 'c3d4', name: 'Cobalt', namespaces: ['eip155'], type: 'announced', installed: true }])
  })

  it.each([
    ['no detail', undefined],
    ['no provider', { info: { uuid: 'x', name: 'X', icon, rdns: 'x.x' } }],
    ['a provider without request', { info: { uuid: 'x', name: 'X', icon, rdns: 'x.x' }, provider: { on() {} } }],
    ['no info', { provider: wallet() }],
    ['an empty name', { info: { uuid: 'x', name: '  ', icon, rdns: 'x.x' }, provider: wallet() }],
    ['a name that is not text', { info: { uuid: 'x', name: { html: '<b>X</b>' }, icon, rdns: 'x.x' }, provider: wallet() }],
    ['no uuid', { info: { name: 'X', icon, rdns: 'x.x' }, provider: wallet() }],
    ['a string', 'io.metamask'],
  ])('an announcement with %s is ignored', (_, detail) => {
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    expect(connectors(kernel)).toEqual([])
  })

  it("window.ethereum is 'Browser Wallet' (type injected) when nothing announces within 50 ms", () => {
    page.ethereum = wallet()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS - 1)
    expect(connectors(kernel)).toEqual([])
    vi.advanceTimersByTime(1)
    expect(connectors(kernel)).toEqual([
      { id: INJECTED_CONNECTOR_ID, name: 'Browser Wallet', namespaces: ['eip155'], type: 'injected', installed: true },
    ])
    expect(LEGACY_PROVIDER_WAIT_MS).toBe(50)
  })

  it('the legacy name follows the host texts', () => {
    page.ethereum = wallet()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })], messages: { 'evm.browserWallet': 'Browser-Wallet' } })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel)[0]?.name).toBe('Browser-Wallet')
  })

  it('a window.ethereum that is no provider is not offered', () => {
    page.ethereum = { isMetaMask: true }
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel)).toEqual([])
  })

  it('a wallet that both injects and announces is listed once, as announced', () => {
    const provider = wallet()
    page.ethereum = provider
    announceWallet(page, provider, { name: 'Amber', rdns: 'com.amber', icon })
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel).map((connector) => connector.id)).toEqual(['com.amber'])
  })

  it('window.ethereum is not offered next to another announced wallet', () => {
    page.ethereum = wallet()
    announceWallet(page, wallet(), { name: 'Amber', rdns: 'com.amber', icon })
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel).map((connector) => connector.id)).toEqual(['com.amber'])
  })

  it('a late announcement replaces the legacy entry', () => {
    const provider = wallet()
    page.ethereum = provider
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel).map((connector) => connector.id)).toEqual([INJECTED_CONNECTOR_ID])
    announceWallet(page, provider, { name: 'Amber', rdns: 'com.amber', icon })
    expect(connectors(kernel).map((connector) => connector.id)).toEqual(['com.amber'])
  })

  it('a second wallet claiming a known rdns does not take its place', () => {
    const first = wallet()
    announceWallet(page, first, { name: 'Amber', rdns: 'com.amber', icon })
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    announceWallet(page, wallet(), { name: 'Not Amber', rdns: 'com.amber', icon })
    expect(connectors(kernel)).toMatchObject([{ id: 'com.amber', name: 'Amber' }])
  })

  it('teardown stops listening and removes the connectors', async () => {
    page.ethereum = wallet()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    announceWallet(page, wallet(), { name: 'Amber', rdns: 'com.amber', icon })
    await kernel.destroy()
    expect(connectors(kernel)).toEqual([])
    announceWallet(page, wallet(), { name: 'Basalt', rdns: 'io.basalt', icon })
    expect(connectors(kernel)).toEqual([])
  })

  it('teardown before 50 ms cancels the legacy check', async () => {
    page.ethereum = wallet()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    await kernel.destroy()
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel)).toEqual([])
  })

  it('one plugin object serves two kernels, each with its own connectors', async () => {
    const plugin = evm({ networks: [local] })
    announceWallet(page, wallet(), { name: 'Amber', rdns: 'com.amber', icon })
    const first = testKernel({ plugins: [plugin] })
    const second = testKernel({ plugins: [plugin] })
    expect(connectors(first).map((connector) => connector.id)).toEqual(['com.amber'])
    expect(connectors(second).map((connector) => connector.id)).toEqual(['com.amber'])
    await first.destroy()
    expect(connectors(second).map((connector) => connector.id)).toEqual(['com.amber'])
  })

  it('without a window (server rendering) nothing is discovered and setup still works', () => {
    vi.unstubAllGlobals()
    expect(typeof window).toBe('undefined')
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    vi.advanceTimersByTime(LEGACY_PROVIDER_WAIT_MS)
    expect(connectors(kernel)).toEqual([])
  })
})
