import { afterEach, describe, expect, it, vi } from 'vitest'

import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import type { FoyerOptions } from './options.js'
import { chooseOpeningView, closeModal, goBack, openingView, openModal, setModalLoading, shakeModal, SHAKE_MS } from './modal.js'
import { definePlugin } from './plugin.js'
import { whenViewLeaves, type RouteEntry } from './router.js'
import { UnknownViewError, type ViewDefinition, type ViewId } from './views.js'

declare module 'foyer' {
  interface ViewParams {
    TestFeatureView: undefined
    /** The pairing view a WalletConnect connector leads to (the EVM chain declares it too). */
    ConnectingWalletConnectBasic: undefined
  }
}

const view = (): Omit<ViewDefinition, 'feature'> => ({ title: 'connect.title', load: async () => ({ default: 'component' }) })

/**
 * The core views the React layer registers, and a pairing connector (as the EVM chain's WalletConnect registers it)
 * that leads to ConnectingWalletConnectBasic.
 */
const testViews = (
  ids: ViewId[] = ['Connect', 'Account', 'AllWallets', 'ConnectingWalletConnectBasic', 'Networks', 'ConnectingExternal'],
) =>
  definePlugin({
    name: 'test-views',
    views: Object.fromEntries(ids.map((id) => [id, view()])),
    setup: (kernel) =>
      kernel.connectors.register({
        connector: { id: 'pairing', name: 'Pairing', namespaces: ['eip155'], type: 'walletConnect' },
        route: () => ({ view: 'ConnectingWalletConnectBasic', params: undefined }),
      }),
  })

/** A view behind the allWallets flag, its plugin's feature. */
const gatedView = definePlugin({ name: 'test-gated', feature: 'allWallets', views: { TestFeatureView: view() } })

function setup(options: FoyerOptions = {}) {
  return testKernel({ plugins: [testViews(), gatedView, testChain()], ...options })
}

const route = (view: ViewId): RouteEntry => ({ view, params: undefined }) as RouteEntry
const history = (kernel: ReturnType<typeof setup>) => kernel.store.getState().router.history.map((entry) => entry.view)
const connectEvm = (kernel: ReturnType<typeof setup>) =>
  kernel.dispatchConnection({
    type: 'connected',
    namespace: 'eip155',
    connectorId: 'test-wallet-eip155',
    accounts: [{ namespace: 'eip155', address: testAddresses.eip155[0], type: 'eoa' }],
    networkId: testNetwork.caipNetworkId,
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('chooseOpeningView (rules §2)', () => {
  const base = {
    connected: false,
    hasChains: true,
    manualWalletConnect: false,
    mobile: false,
    isAvailable: () => true,
    pairingRoute: route('ConnectingWalletConnectBasic'),
  }

  it('connected opens on Account, even with manual WalletConnect control', () => {
    expect(chooseOpeningView({ ...base, connected: true })).toEqual(route('Account'))
    expect(chooseOpeningView({ ...base, connected: true, manualWalletConnect: true })).toEqual(route('Account'))
  })

  it('chains and nobody connected opens on Connect', () => {
    expect(chooseOpeningView(base)).toEqual(route('Connect'))
    expect(chooseOpeningView({ ...base, mobile: true })).toEqual(route('Connect'))
  })

  it('no chains and nobody connected opens on AllWallets on mobile, ConnectingWalletConnectBasic elsewhere', () => {
    expect(chooseOpeningView({ ...base, hasChains: false, mobile: true })).toEqual(route('AllWallets'))
    expect(chooseOpeningView({ ...base, hasChains: false, mobile: false })).toEqual(route('ConnectingWalletConnectBasic'))
  })

  it('manual WalletConnect control does the same even with chains', () => {
    expect(chooseOpeningView({ ...base, manualWalletConnect: true, mobile: true })).toEqual(route('AllWallets'))
    expect(chooseOpeningView({ ...base, manualWalletConnect: true })).toEqual(route('ConnectingWalletConnectBasic'))
  })

  it('falls back to Connect when the WalletConnect view is not registered', () => {
    const isAvailable = (id: ViewId) => id === 'Connect'
    expect(chooseOpeningView({ ...base, hasChains: false, isAvailable })).toEqual(route('Connect'))
    expect(chooseOpeningView({ ...base, manualWalletConnect: true, mobile: true, isAvailable })).toEqual(route('Connect'))
  })

  it('without a pairing connector (no WalletConnect) the desktop rule falls back to Connect', () => {
    expect(chooseOpeningView({ ...base, hasChains: false, pairingRoute: undefined })).toEqual(route('Connect'))
    expect(chooseOpeningView({ ...base, manualWalletConnect: true, pairingRoute: undefined })).toEqual(route('Connect'))
  })
})

describe('openModal', () => {
  it('opens on Connect and announces modal:opened with the view', () => {
    const kernel = setup()
    const opened = vi.fn()
    kernel.bus.on('modal:opened', opened)
    openModal(kernel)
    expect(kernel.store.getState().modal.open).toBe(true)
    expect(history(kernel)).toEqual(['Connect'])
    expect(opened).toHaveBeenCalledExactlyOnceWith({ view: 'Connect' })
  })

  it('opens on Account when an address is connected', () => {
    const kernel = setup()
    connectEvm(kernel)
    openModal(kernel)
    expect(history(kernel)).toEqual(['Account'])
  })

  it('without chain plugins it opens on the WalletConnect view for the device', () => {
    const desktop = setup({ plugins: [testViews()] })
    openModal(desktop)
    expect(history(desktop)).toEqual(['ConnectingWalletConnectBasic'])
    const mobile = setup({ plugins: [testViews()], isMobile: () => true })
    openModal(mobile)
    expect(history(mobile)).toEqual(['AllWallets'])
  })

  it('manualWCControl opens on the WalletConnect view even with chains', () => {
    const kernel = setup({ manualWCControl: true })
    openModal(kernel)
    expect(history(kernel)).toEqual(['ConnectingWalletConnectBasic'])
  })

  it('without a registered WalletConnect view it opens on Connect', () => {
    const kernel = setup({ plugins: [testViews(['Connect'])] })
    openModal(kernel)
    expect(history(kernel)).toEqual(['Connect'])
  })

  it('a requested view wins over every rule', () => {
    const kernel = setup({ plugins: [testViews()], isMobile: () => true })
    openModal(kernel, { view: 'Networks' })
    expect(history(kernel)).toEqual(['Networks'])
  })

  it('the closed modal knows the view its next opening shows: Connect, then Account once connected', () => {
    const kernel = setup()
    expect(openingView(kernel)).toEqual(route('Connect'))
    connectEvm(kernel)
    expect(openingView(kernel)).toEqual(route('Account'))
    expect(kernel.store.getState().modal.open).toBe(false)
  })

  it('a requested view with params becomes the first view', () => {
    const kernel = setup()
    connectEvm(kernel)
    openModal(kernel, { view: 'ConnectingExternal', params: { connectorId: 'test-wallet-eip155' } })
    expect(kernel.router.current()).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'test-wallet-eip155' } })
    expect(kernel.router.canGoBack()).toBe(false)
  })

  it('an unknown view throws UnknownViewError listing the registered views and leaves the modal closed', () => {
    const kernel = setup()
    const opened = vi.fn()
    kernel.bus.on('modal:opened', opened)
    const open = () => openModal(kernel, { view: 'UnsupportedChain' })
    expect(open).toThrow(UnknownViewError)
    expect(open).toThrow(
      "Unknown view 'UnsupportedChain'. Registered views: Connect, Account, AllWallets, ConnectingWalletConnectBasic, Networks, ConnectingExternal, TestFeatureView.",
    )
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(history(kernel)).toEqual(['Connect'])
    expect(opened).not.toHaveBeenCalled()
  })

  it('an unknown view leaves an open modal where it was', () => {
    const kernel = setup()
    openModal(kernel)
    kernel.router.push('Networks')
    expect(() => openModal(kernel, { view: 'UnsupportedChain' })).toThrow(UnknownViewError)
    expect(kernel.store.getState().modal.open).toBe(true)
    expect(history(kernel)).toEqual(['Connect', 'Networks'])
  })

  it('a view whose feature is off is unavailable', () => {
    const on = setup()
    expect(on.isViewAvailable('TestFeatureView')).toBe(true)
    const off = setup({ features: { allWallets: false } })
    expect(off.isViewAvailable('TestFeatureView')).toBe(false)
    expect(() => openModal(off, { view: 'TestFeatureView' })).toThrow(UnknownViewError)
    expect(off.store.getState().modal.open).toBe(false)
  })

  it('opening while open moves to the new view without a second modal:opened', () => {
    const kernel = setup()
    const opened = vi.fn()
    kernel.bus.on('modal:opened', opened)
    openModal(kernel)
    openModal(kernel, { view: 'Networks' })
    expect(history(kernel)).toEqual(['Networks'])
    expect(opened).toHaveBeenCalledTimes(1)
  })
})

describe('goBack and closeModal (rules §2)', () => {
  it('back goes to the previous view', () => {
    const kernel = setup()
    openModal(kernel)
    kernel.router.push('Networks')
    goBack(kernel)
    expect(history(kernel)).toEqual(['Connect'])
    expect(kernel.store.getState().modal.open).toBe(true)
  })

  it('back at the first view closes the modal', () => {
    const kernel = setup()
    const closed = vi.fn()
    kernel.bus.on('modal:closed', closed)
    openModal(kernel, { view: 'Networks' })
    goBack(kernel)
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(closed).toHaveBeenCalledExactlyOnceWith({})
  })

  it('closing resets to Connect, clears loading and announces modal:closed once', () => {
    const kernel = setup()
    const closed = vi.fn()
    kernel.bus.on('modal:closed', closed)
    openModal(kernel)
    kernel.router.push('Networks')
    setModalLoading(kernel, true)
    closeModal(kernel)
    closeModal(kernel)
    expect(kernel.store.getState().modal).toMatchObject({ open: false, loading: false })
    expect(history(kernel)).toEqual(['Connect'])
    expect(closed).toHaveBeenCalledTimes(1)
  })
})

describe('whenViewLeaves', () => {
  it('tells when the last of its views leaves by back or close, not while another view sits over it', () => {
    const kernel = setup()
    const left = vi.fn()
    const stop = whenViewLeaves(kernel, ['Networks', 'Account'], left)
    openModal(kernel, { view: 'Networks' })
    kernel.router.push('Account')
    kernel.router.push('Connect')
    goBack(kernel)
    expect(left).not.toHaveBeenCalled()
    goBack(kernel)
    expect(left).not.toHaveBeenCalled()
    closeModal(kernel)
    expect(left).toHaveBeenCalledTimes(1)
    openModal(kernel, { view: 'Account' })
    kernel.router.replace('Connect')
    expect(left).toHaveBeenCalledTimes(2)
    stop()
    openModal(kernel, { view: 'Networks' })
    closeModal(kernel)
    expect(left).toHaveBeenCalledTimes(2)
  })
})

describe('shakeModal', () => {
  it('shake is true for exactly 500 ms', () => {
    vi.useFakeTimers()
    const kernel = setup()
    shakeModal(kernel)
    expect(kernel.store.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(SHAKE_MS - 1)
    expect(kernel.store.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(kernel.store.getState().modal.shake).toBe(false)
    expect(SHAKE_MS).toBe(500)
  })

  it('destroy cancels a pending shake timer', async () => {
    vi.useFakeTimers()
    const kernel = setup()
    shakeModal(kernel)
    await kernel.destroy()
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('setModalLoading', () => {
  it('setting the same value does not notify', () => {
    const kernel = setup()
    const listener = vi.fn()
    kernel.store.subscribe(listener)
    setModalLoading(kernel, false)
    expect(listener).not.toHaveBeenCalled()
    setModalLoading(kernel, true)
    expect(kernel.store.getState().modal.loading).toBe(true)
  })
})
