import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { startDirectory, type WalletDirectory } from '../../services/directory/index.mjs'
import { testKernel } from '../../test/fixtures.js'
import { INITIAL_ALERTS } from '../core/alerts.js'
import type { Kernel } from '../core/createKernel.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'
import { checkAllowedOrigin, fetchAllowedOrigins } from './allowedOrigins.js'

// The real directory service on a free loopback port answers `/projects/v1/origins` (rules §5, §7); its failNext
// switch gives the rules §8 failures.

let directory: WalletDirectory
const kernels: Kernel[] = []
const ALLOWED = ['https://*.example.com', 'http://127.0.0.1:*', 'https://shop.example.org:8443']

beforeAll(async () => {
  directory = await startDirectory({ allowedOrigins: ALLOWED, log: () => {} })
})
afterAll(() => directory?.stop())
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.destroy()))
  vi.unstubAllGlobals()
})

/** A kernel whose page is `page`, once its own check after the first paint is done and forgotten. */
async function setup(page: string) {
  const { kernel, requests, alerts } = startKernel(page)
  await vi.waitFor(() => expect(requests).toHaveLength(2))
  await vi.waitFor(() => expect(kernel.store.getState().features.remoteApplied).toBe(true))
  requests.length = 0
  kernel.store.update('alerts', () => INITIAL_ALERTS)
  return { kernel, requests, alerts }
}

function startKernel(page: string) {
  vi.stubGlobal('location', new URL(page))
  const requests: URL[] = []
  const kernel = testKernel({ projectId: 'shop-42', services: { directory: directory.url } })
  kernels.push(kernel)
  kernel.container.register(FetchToken, () => (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new URL(String(input)))
    return fetch(input, init)
  })
  return { kernel, requests, alerts: () => kernel.store.getState().alerts }
}

describe('allowed origins (rules §5, §8)', () => {
  it('an allowed page raises nothing; the call names project and client', async () => {
    const { kernel, requests, alerts } = await setup('https://app.example.com/checkout')
    await checkAllowedOrigin(kernel)
    expect(alerts().raised).toEqual([])
    expect(requests.map((url) => url.pathname)).toEqual(['/projects/v1/origins'])
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ projectId: 'shop-42', st: SDK_TYPE, sv: SDK_VERSION })
  })

  it("attack: a page the project does not allow shows 'Invalid App Configuration', once", async () => {
    const { kernel, alerts } = await setup('https://example.com.evil.net')
    await checkAllowedOrigin(kernel)
    await checkAllowedOrigin(kernel)
    expect(alerts()).toEqual({ current: 'INVALID_APP_CONFIGURATION', raised: ['INVALID_APP_CONFIGURATION'] })
  })

  it.each<[number, string[]]>([
    [429, ['RATE_LIMITED']],
    [500, ['SERVER_ERROR']],
    [503, ['SERVER_ERROR']],
    [599, ['SERVER_ERROR']],
    [404, []],
    [400, []],
  ])('a %s gives an empty list and raises %j, and the page is not judged', async (status, raised) => {
    const { kernel, alerts } = await setup('https://evil.example.net')
    directory.failNext(status)
    expect(await fetchAllowedOrigins(kernel)).toEqual([])
    expect(alerts().raised).toEqual(raised)
    directory.failNext(status)
    await checkAllowedOrigin(kernel)
    expect(alerts().raised).toEqual(raised)
  })

  it('an unreachable directory or a malformed answer gives an empty list, no alert', async () => {
    const { kernel, alerts } = await setup('https://evil.example.net')
    kernel.container.register(FetchToken, () => async () => {
      throw new TypeError('fetch failed')
    })
    expect(await fetchAllowedOrigins(kernel)).toEqual([])
    kernel.container.register(FetchToken, () => async () => new Response('{"allowedOrigins":"*"}', { status: 200 }))
    await checkAllowedOrigin(kernel)
    expect(alerts().raised).toEqual([])
  })

  it('the kernel checks after the first paint when a directory is configured', async () => {
    const { kernel, alerts } = startKernel('https://evil.example.net')
    expect(alerts().raised).toEqual([])
    await vi.waitFor(() => expect(alerts().raised).toEqual(['INVALID_APP_CONFIGURATION']))
    expect(kernel.store.getState().features.remoteApplied).toBe(true)
  })
})
