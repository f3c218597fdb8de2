import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import type { Kernel } from '../core/createKernel.js'
import type { FoyerOptions } from '../core/options.js'
import { openModal } from '../core/modal.js'
import { definePlugin } from '../core/plugin.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'

declare module 'foyer' {
  interface Features {
    testRemote: boolean
    testLocal: boolean
  }
}

// A real HTTP server on a free loopback port stands in for the wallet directory service (rules §7):
// the kernel's own fetch and HTTP client do the work, nothing is mocked.

interface Answer {
  status: number
  body: string
}

async function startDirectory(answer: () => Answer | Promise<Answer>) {
  const requests: URL[] = []
  const server = createServer(async (request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(url)
    const { status, body } = url.pathname === '/appkit/v1/config' ? await answer() : { status: 404, body: '{}' }
    response.writeHead(status, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  servers.push(stop)
  return { url: `http://127.0.0.1:${port}`, requests }
}

const servers: Array<() => Promise<void>> = []
const kernels: Kernel[] = []

afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.destroy()))
  await Promise.all(servers.splice(0).map((stop) => stop()))
  vi.restoreAllMocks()
})

const json = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value) })

const remoteConfig = json({
  features: [
    { id: 'branding', isEnabled: false },
    { id: 'testRemote', isEnabled: false },
    { id: 'testLocal', isEnabled: false }, // declared local only: the remote may not set it
    { id: 'socials', isEnabled: true, config: ['github', 'google'] }, // no plugin declares it
  ],
})

function kernelFor(directory: string, options: FoyerOptions = {}) {
  const views = definePlugin({
    name: 'test-views',
    flags: { testRemote: { default: true, remote: true }, testLocal: { default: true } },
    views: { Connect: { title: 'connect.title', load: async () => ({ default: 'Connect' }) } },
  })
  const kernel = testKernel({ services: { directory }, plugins: [views], ...options })
  kernels.push(kernel)
  return kernel
}

/** Console spies: the logger writes `[foyer] …` through console. */
function spyConsole() {
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  }
}

describe('remote project configuration (rules §1, §7)', () => {
  it('is fetched with projectId, st and sv, and overrides the flags declared remote, and only those', async () => {
    const directory = await startDirectory(() => remoteConfig)
    const kernel = kernelFor(directory.url, { projectId: 'shop-42' })
    await vi.waitFor(() => expect(kernel.store.getState().features.remoteApplied).toBe(true))

    expect(directory.requests).toHaveLength(1)
    const [request] = directory.requests
    expect(request?.pathname).toBe('/appkit/v1/config')
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({ projectId: 'shop-42', st: SDK_TYPE, sv: SDK_VERSION })
    expect(kernel.store.getState().features.flags).toEqual({
      allWallets: true,
      analytics: true,
      branding: false,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
      testRemote: false,
      testLocal: true,
    })
    expect(kernel.isEnabled('branding')).toBe(false)
  })

  it('opening the modal never waits for the configuration', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const directory = await startDirectory(async () => {
      await gate
      return remoteConfig
    })
    const kernel = kernelFor(directory.url)

    openModal(kernel)
    expect(kernel.store.getState().modal.open).toBe(true)
    await vi.waitFor(() => expect(directory.requests).toHaveLength(1))
    expect(kernel.store.getState().features.remoteApplied).toBe(false)

    release()
    await vi.waitFor(() => expect(kernel.store.getState().features.remoteApplied).toBe(true))
    expect(kernel.store.getState().modal.open).toBe(true)
  })

  it("local settings it overrides with another value are announced and logged as 'Local configuration ignored'", async () => {
    const { warn } = spyConsole()
    const directory = await startDirectory(() => remoteConfig)
    // branding differs from the remote value; testRemote is the same; allWallets the remote leaves alone; testLocal is local only.
    const kernel = kernelFor(directory.url, {
      logLevel: 'warn',
      features: { branding: true, testRemote: false, allWallets: false, testLocal: false },
    })
    const ignored = vi.fn()
    kernel.bus.on('features:local-config-ignored', ignored)
    await vi.waitFor(() => expect(ignored).toHaveBeenCalled())

    expect(ignored).toHaveBeenCalledExactlyOnceWith({ features: ['branding'] })
    expect(kernel.store.getState().features.flags).toMatchObject({
      branding: false,
      testRemote: false,
      allWallets: false,
      testLocal: false,
    })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Local configuration ignored'))
    expect(warn.mock.calls[0]?.[0]).toContain('branding')
  })

  it('nothing is announced when the remote agrees with the local settings', async () => {
    const { warn } = spyConsole()
    const directory = await startDirectory(() => remoteConfig)
    const kernel = kernelFor(directory.url, { logLevel: 'warn', features: { branding: false, testLocal: false } })
    const ignored = vi.fn()
    kernel.bus.on('features:local-config-ignored', ignored)
    await vi.waitFor(() => expect(kernel.store.getState().features.remoteApplied).toBe(true))
    expect(ignored).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    [429, 'RATE_LIMITED'],
    [500, 'SERVER_ERROR'],
    [503, 'SERVER_ERROR'],
    [403, 'INVALID_PROJECT_ID'],
  ] as const)('a %i answer raises the %s alert and keeps the local flags', async (status, alert) => {
    spyConsole()
    const directory = await startDirectory(() => ({ status, body: '{"error":"no"}' }))
    const kernel = kernelFor(directory.url, { features: { branding: true, testRemote: false } })
    await vi.waitFor(() => expect(kernel.store.getState().alerts.current).toBe(alert))
    expect(kernel.store.getState().features).toMatchObject({ remoteApplied: false, flags: { branding: true, testRemote: false } })
  })

  it.each([
    ['malformed JSON', '{"features": [{"id": "swaps", '],
    ['JSON of the wrong shape', '{"features": "all"}'],
  ])('%s keeps the local flags, raises no alert and warns', async (_, body) => {
    const { warn } = spyConsole()
    const directory = await startDirectory(() => ({ status: 200, body }))
    const kernel = kernelFor(directory.url, { logLevel: 'warn', features: { testRemote: false } })
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[foyer] The remote project configuration could not be loaded; local settings apply.',
        expect.objectContaining({ name: 'InvalidResponseError' }),
      ),
    )
    expect(kernel.store.getState().features).toMatchObject({ remoteApplied: false, flags: { testRemote: false } })
    expect(kernel.store.getState().alerts.current).toBeUndefined()
  })

  it('nothing is fetched without a projectId', async () => {
    spyConsole()
    const directory = await startDirectory(() => remoteConfig)
    const kernel = kernelFor(directory.url, { projectId: undefined })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(directory.requests).toHaveLength(0)
    expect(kernel.store.getState().alerts.current).toBe('PROJECT_ID_NOT_CONFIGURED')
  })

  it('an answer that arrives after destroy changes nothing', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let answered = () => {}
    const sent = new Promise<void>((resolve) => (answered = resolve))
    const directory = await startDirectory(async () => {
      await gate
      setTimeout(answered, 20)
      return remoteConfig
    })
    const kernel = kernelFor(directory.url)
    await vi.waitFor(() => expect(directory.requests).toHaveLength(1))
    await kernel.destroy()
    release()
    await sent
    expect(kernel.store.getState().features.remoteApplied).toBe(false)
  })
})

describe('remote feature ids (rules §9)', () => {
  it("'reownBranding' is read as the branding flag", async () => {
    const directory = await startDirectory(() => json({ features: [{ id: 'reownBranding', isEnabled: false }] }))
    const kernel = kernelFor(directory.url)
    await vi.waitFor(() => expect(kernel.store.getState().features.remoteApplied).toBe(true))
    expect(kernel.isEnabled('branding')).toBe(false)
    expect(kernel.store.getState().features.flags).not.toHaveProperty('reownBranding')
  })
})
