import { afterEach, describe, expect, it, vi } from 'vitest'

import { testChain, testKernel } from '../../test/fixtures.js'
import { createToken } from './container.js'
import { createKernel } from './createKernel.js'
import { isFoyerError } from './errors/BaseError.js'
import { definePlugin } from './plugin.js'
import { addRecentWallet, createMemoryBackend, readRecentWallets } from '../services/storage.js'
import { StorageToken } from './tokens.js'

declare module 'foyer' {
  interface Features {
    testFlag: boolean
  }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('createKernel', () => {
  it('without a projectId it raises the Project ID Not Configured alert instead of throwing', () => {
    const kernel = createKernel({ logLevel: 'silent', storage: createMemoryBackend() })
    expect(kernel.store.getState().alerts.current).toBe('PROJECT_ID_NOT_CONFIGURED')
    expect(testKernel().store.getState().alerts.current).toBeUndefined()
  })

  it('siweConfig and siwx are unknown options: they come with the sign-in plugin', () => {
    expect(() => testKernel({ siweConfig: {} } as never)).toThrow('Unknown option `siweConfig`')
    expect(() => testKernel({ siwx: {} } as never)).toThrow('Unknown option `siwx`')
  })

  it('an unknown option is named', () => {
    expect(() => testKernel({ themMode: 'dark' } as never)).toThrow('Unknown option `themMode`')
  })

  it("an unknown feature name is named along with the known ones, the plugins' included", () => {
    const flagged = definePlugin({ name: 'flagged', flags: { testFlag: { default: false } } })
    let error: unknown
    try {
      testKernel({ plugins: [flagged], features: { swap: true } as never })
    } catch (caught) {
      error = caught
    }
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect((error as Error).message).toContain(
      "Unknown feature 'swap' in `features`. A feature flag exists when its plugin is in `plugins`; " +
        'known flags: allWallets, analytics, branding, legalCheckbox, collapseWallets, walletFeaturesOrder, smartSessions, testFlag.',
    )
  })

  it('smartSessions is a local flag, off by default, that a host may set without any plugin (rules §9)', () => {
    expect(testKernel().store.getState().features.flags.smartSessions).toBe(false)
    expect(testKernel({ features: { smartSessions: false } }).store.getState().features.flags.smartSessions).toBe(false)
    expect(testKernel({ features: { smartSessions: true } }).store.getState().features.flags.smartSessions).toBe(true)
  })

  it("a plugin's flag takes its default, the host's value, and gates the plugin's views", () => {
    const flagged = definePlugin({
      name: 'flagged',
      flags: { testFlag: { default: false } },
      feature: 'testFlag',
      views: { Networks: { title: 'networks.title', load: async () => ({ default: 'Networks' }) } },
    })
    const byDefault = testKernel({ plugins: [flagged] })
    expect(byDefault.store.getState().features.flags.testFlag).toBe(false)
    expect(byDefault.isViewAvailable('Networks')).toBe(false)
    const turnedOn = testKernel({ plugins: [flagged], features: { testFlag: true } })
    expect(turnedOn.isEnabled('testFlag')).toBe(true)
    expect(turnedOn.isViewAvailable('Networks')).toBe(true)
  })

  it('two plugins declaring one flag fail at createKernel', () => {
    const one = definePlugin({ name: 'one', flags: { testFlag: { default: false } } })
    const two = definePlugin({ name: 'two', flags: { testFlag: { default: true } } })
    expect(() => testKernel({ plugins: [one, two] })).toThrow("[two] declares the feature flag 'testFlag', which 'one' declares too.")
  })

  it('a non-object is refused with a hint', () => {
    expect(() => createKernel(undefined as never)).toThrow('createKernel expects an options object')
  })

  it('nothing is fetched when no service URL is set', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const kernel = testKernel({ plugins: [testChain()] })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fetch).not.toHaveBeenCalled()
    await kernel.destroy()
  })

  it('two kernels on one page share no store, bus, container or stored data', () => {
    const backend = createMemoryBackend()
    const a = testKernel({ projectId: 'shop-a', storage: backend, plugins: [testChain()] })
    const b = testKernel({ projectId: 'shop-b', storage: backend, plugins: [testChain()] })

    a.dispatchConnection({ type: 'failed', namespace: 'eip155', error: 'Failed to connect' })
    expect(b.store.getState().connection.namespaces).toEqual({})

    const heard = vi.fn()
    b.bus.on('modal:closed', heard)
    a.bus.emit('modal:closed', {})
    expect(heard).not.toHaveBeenCalled()

    const ServiceToken = createToken<string>('Service')
    a.container.provide(ServiceToken, 'a')
    expect(b.container.has(ServiceToken)).toBe(false)
    expect(a.container.resolve(StorageToken)).not.toBe(b.container.resolve(StorageToken))

    addRecentWallet(a.container.resolve(StorageToken), { id: 'metamask', name: 'MetaMask' })
    expect(readRecentWallets(a.container.resolve(StorageToken))).toEqual([{ id: 'metamask', name: 'MetaMask' }])
    expect(readRecentWallets(b.container.resolve(StorageToken))).toEqual([])
    expect(backend.getItem('foyer:shop-a:recent-wallets')).not.toBeNull()
  })

  it('the same chain plugin object works in two kernels', () => {
    const chain = testChain()
    const a = testKernel({ plugins: [chain] })
    const b = testKernel({ plugins: [chain] })
    expect(a.store.getState().connection.connectors).toHaveLength(1)
    expect(b.store.getState().connection.connectors).toHaveLength(1)
  })
})

describe('kernel.destroy', () => {
  it('tears down plugins, cancels timers, announces kernel:destroyed, then drops listeners', async () => {
    vi.useFakeTimers()
    const teardown = vi.fn()
    const kernel = testKernel({ plugins: [definePlugin({ name: 'a', setup: () => teardown })] })
    const timer = vi.fn()
    kernel.schedule(timer, 1000)
    const destroyed = vi.fn()
    const later = vi.fn()
    kernel.bus.on('kernel:destroyed', destroyed)
    kernel.bus.on('modal:opened', later)

    await kernel.destroy()
    expect(kernel.isDestroyed()).toBe(true)
    expect(teardown).toHaveBeenCalledTimes(1)
    expect(destroyed).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(5000)
    expect(timer).not.toHaveBeenCalled()
    kernel.bus.emit('modal:opened', { view: 'Connect' })
    expect(later).not.toHaveBeenCalled()
  })

  it('a scheduled timer runs once and its cancel works', () => {
    vi.useFakeTimers()
    const kernel = testKernel()
    const ran = vi.fn()
    const cancelled = vi.fn()
    kernel.schedule(ran, 100)
    kernel.schedule(cancelled, 100)()
    vi.advanceTimersByTime(100)
    expect(ran).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('disposes the services the container made', async () => {
    const dispose = vi.fn()
    const ServiceToken = createToken<{ dispose(): void }>('Service')
    const kernel = testKernel()
    kernel.container.register(ServiceToken, () => ({ dispose }))
    kernel.container.resolve(ServiceToken)
    await kernel.destroy()
    expect(dispose).toHaveBeenCalledTimes(1)
  })

  it('destroy is idempotent, even when called twice at once', async () => {
    const teardown = vi.fn()
    const destroyed = vi.fn()
    const kernel = testKernel({ plugins: [definePlugin({ name: 'a', setup: () => teardown })] })
    kernel.bus.on('kernel:destroyed', destroyed)
    await Promise.all([kernel.destroy(), kernel.destroy()])
    await kernel.destroy()
    expect(teardown).toHaveBeenCalledTimes(1)
    expect(destroyed).toHaveBeenCalledTimes(1)
  })
  it('a kernel destroyed while its remote configuration code loads fetches nothing and leaves no unhandled error', async () => {
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    const fetch = vi.spyOn(globalThis, 'fetch')
    // A page's origin, so the allowed-origins check runs too.
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173' })
    try {
      const kernel = testKernel({ services: { directory: 'http://127.0.0.1:9' } })
      // The kernel's first-paint wait (a timer here, with no requestIdleCallback) fires first and starts the import.
      await new Promise((resolve) => setTimeout(resolve, 0))
      kernel.destroy()
      await import('../services/remoteConfig.js')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(fetch).not.toHaveBeenCalled()
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
      fetch.mockRestore()
      vi.unstubAllGlobals()
    }
  })
})
