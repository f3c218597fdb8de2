import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Database } from '../../services/storage/index.mjs'
import { startDirectory, type WalletDirectory } from '../../services/directory/index.mjs'
import { testChain, testKernel } from '../../test/fixtures.js'
import { connect } from '../actions/connect.js'
import type { Kernel } from '../core/createKernel.js'
import type { FoyerOptions } from '../core/options.js'
import { closeModal, openModal } from '../core/modal.js'
import { definePlugin } from '../core/plugin.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'
import { ANALYTICS_BATCH_SIZE } from './analytics.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

// The real directory service is the analytics endpoint (rules §7), on a free loopback port, keeping events in a
// scratch PGlite database; the kernel's own fetch does the work. Node sends no Origin header, so the test's
// fetch adds the page's, as a browser would.

const PAGE = new URL('http://127.0.0.1:5173/shop?item=1')
let scratch: string
let database: Database
let directory: WalletDirectory
let disabled: WalletDirectory
const kernels: Kernel[] = []
let projectCount = 0

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-kernel-analytics-'))
  database = await openEmptyDatabase(path.join(scratch, 'data'))
  ;[directory, disabled] = await Promise.all([
    startDirectory({ analytics: true, database, log: () => {} }),
    startDirectory({ log: () => {} }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all([directory?.stop(), disabled?.stop()])
  await database?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.destroy()))
  vi.unstubAllGlobals()
})

interface Sent {
  url: URL
  init?: RequestInit
  status?: number
}

/** A kernel on its own project, with a fetch that records every request and sends the page's Origin. */
function setup(options: FoyerOptions = {}, page = PAGE) {
  vi.stubGlobal('location', page)
  const projectId = `analytics-${++projectCount}-${Date.now().toString(36)}`
  const sent: Sent[] = []
  const views = definePlugin({
    name: 'test-views',
    views: { Connect: { title: 'connect.title', load: async () => ({ default: 'Connect' }) } },
  })
  const kernel = testKernel({ projectId, services: { analytics: directory.url }, plugins: [testChain(), views], ...options })
  kernels.push(kernel)
  kernel.container.register(FetchToken, () => async (input: RequestInfo | URL, init?: RequestInit) => {
    const record: Sent = { url: new URL(String(input)), init }
    sent.push(record)
    const response = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: page.origin } })
    record.status = response.status
    return response
  })
  const posts = () => sent.filter((request) => request.init?.method === 'POST')
  return { kernel, projectId, sent, posts, kept: () => directory.analyticsEvents(projectId) }
}

const names = (events: { props: { event: string } }[]) => events.map((event) => event.props.event)

describe('analytics (rules §7, §8)', { timeout: 30_000 }, () => {
  it('asks /getAnalyticsConfig first, then sends the flows in batches with keepalive; the receiver keeps them', async () => {
    const { kernel, projectId, sent, posts, kept } = setup()
    openModal(kernel)
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0))
    expect(sent[0]!.url.pathname).toBe('/getAnalyticsConfig')
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ projectId, st: SDK_TYPE, sv: SDK_VERSION })

    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    closeModal(kernel)
    await vi.waitFor(async () => expect(names(await kept())).toEqual(['MODAL_OPEN', 'CONNECT_STARTED', 'CONNECT_SUCCESS', 'MODAL_CLOSE']), {
      timeout: 10_000,
    })

    const [first] = await kept()
    expect(first).toMatchObject({
      url: PAGE.href,
      domain: '127.0.0.1',
      props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
    })
    expect(first!.eventId).toMatch(/^[0-9a-f-]{36}$/)
    expect(Math.abs(first!.timestamp - Date.now())).toBeLessThan(60_000)
    // One batch: the events waited for each other.
    expect(posts()).toHaveLength(1)
    expect(posts()[0]!.init).toMatchObject({ keepalive: true, headers: { 'content-type': 'text/plain' } })
    expect(posts()[0]!.url.pathname).toBe('/e')
  })

  it('a failed connect is CONNECT_ERROR with the rules §8 wording', async () => {
    const chain = testChain({ connect: 'reject' })
    const { kernel, sent, kept } = setup({ plugins: [chain] })
    await vi.waitFor(() => expect(sent[0]?.status).toBe(200))
    await expect(connect(kernel, { connectorId: 'test-wallet-eip155' })).rejects.toThrow()
    await vi.waitFor(async () => expect(names(await kept())).toEqual(['CONNECT_STARTED', 'CONNECT_ERROR']), { timeout: 10_000 })
    expect((await kept())[1]!.props.properties).toMatchObject({ namespace: 'eip155', message: 'Connection rejected' })
  })

  it('a full batch goes out at once; the rest when the kernel ends, without waiting for the timer', async () => {
    const { kernel, sent, posts, kept } = setup()
    await vi.waitFor(() => expect(sent[0]?.status).toBe(200))
    for (let i = 0; i < ANALYTICS_BATCH_SIZE + 3; i += 1) kernel.bus.emit('modal:closed', {})
    await vi.waitFor(async () => expect((await kept()).length).toBe(ANALYTICS_BATCH_SIZE), { timeout: 10_000 })
    await kernel.destroy()
    await vi.waitFor(async () => expect((await kept()).length).toBe(ANALYTICS_BATCH_SIZE + 3), { timeout: 10_000 })
    expect(posts()).toHaveLength(2)
  })

  it('isAnalyticsEnabled false turns it off: the lookup only, no event leaves', async () => {
    const { kernel, sent } = setup({ services: { analytics: disabled.url } })
    openModal(kernel)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    closeModal(kernel)
    await kernel.destroy()
    expect(sent.map((request) => request.url.pathname)).toEqual(['/getAnalyticsConfig'])
  })

  it('a failed lookup turns it off without an alert', async () => {
    directory.failNext(503)
    const { kernel, sent } = setup()
    openModal(kernel)
    await vi.waitFor(() => expect(sent[0]?.status).toBe(503))
    await kernel.destroy()
    expect(sent).toHaveLength(1)
    expect(kernel.store.getState().alerts.raised).toEqual([])
  })

  it("attack: a page the project does not allow gets 403: 'Invalid App Configuration' once, then nothing more is sent", async () => {
    const { kernel, posts, kept } = setup({}, new URL('https://evil.example.org/phish'))
    openModal(kernel)
    await vi.waitFor(() => expect(posts()[0]?.status).toBe(403), { timeout: 10_000 })
    expect(kernel.store.getState().alerts).toEqual({ current: 'INVALID_APP_CONFIGURATION', raised: ['INVALID_APP_CONFIGURATION'] })
    closeModal(kernel)
    openModal(kernel)
    await kernel.destroy()
    expect(posts()).toHaveLength(1)
    expect(await kept()).toEqual([])
  })

  it('without services.analytics (or with the flag off) no request is made', async () => {
    for (const options of [{ services: {} }, { features: { analytics: false } }] satisfies FoyerOptions[]) {
      const { kernel, sent } = setup(options)
      openModal(kernel)
      await connect(kernel, { connectorId: 'test-wallet-eip155' })
      closeModal(kernel)
      await new Promise((resolve) => setTimeout(resolve, 50))
      await kernel.destroy()
      expect(sent).toEqual([])
    }
  })
})
