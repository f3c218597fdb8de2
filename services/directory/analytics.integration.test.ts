// The analytics receiver (rules §7 `POST /e`) over real HTTP, keeping events in the service storage (PGlite in a
// scratch directory).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Database } from '../storage/index.mjs'
import { startDirectory, type WalletDirectory } from './index.mjs'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const PROJECT = 'foyer-analytics'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const PAGE = 'http://127.0.0.1:5173'

let scratch: string
let database: Database
let directory: WalletDirectory
const internalErrors: string[] = []
let eventCount = 0

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-analytics-'))
  database = await openEmptyDatabase(path.join(scratch, 'data'))
  directory = await startDirectory({
    analytics: true,
    database,
    allowedOrigins: ['http://127.0.0.1:*', 'https://*.example.com'],
    log: (message) => internalErrors.push(message),
  })
}, 60_000)

afterAll(async () => {
  await directory?.stop()
  await database?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
  expect(internalErrors).toEqual([])
})

const event = (name = 'MODAL_OPEN', extra: Record<string, unknown> = {}) => ({
  eventId: `event-${++eventCount}-${Date.now().toString(36)}`,
  url: `${PAGE}/shop?item=1`,
  domain: '127.0.0.1',
  timestamp: Date.now() + eventCount,
  props: { type: 'track', event: name, properties: { view: 'Connect' } },
  ...extra,
})

async function post(body: unknown, { origin = PAGE, project = CLIENT }: { origin?: string | null; project?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' }
  if (origin) headers.origin = origin
  const response = await fetch(`${directory.url}/e?${project}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

describe('POST /e', () => {
  it('/getAnalyticsConfig says analytics is on', async () => {
    const response = await fetch(`${directory.url}/getAnalyticsConfig?${CLIENT}`)
    expect(await response.json()).toEqual({ isAnalyticsEnabled: true })
  })

  it('a batch is kept in the storage, in order, and read back per project', async () => {
    const batch = [event('MODAL_OPEN'), event('CONNECT_SUCCESS'), event('MODAL_CLOSE')]
    expect(await post(batch)).toEqual({ status: 202, body: { received: 3, added: 3 } })
    const single = event('SEND_INITIATED')
    expect(await post(single)).toEqual({ status: 202, body: { received: 1, added: 1 } })
    const kept = await directory.analyticsEvents(PROJECT)
    expect(kept.slice(-4)).toEqual([...batch, single])
    expect(await directory.analyticsEvents('another-project')).toEqual([])
    // Straight from the table: the storage holds them, not the server's memory.
    const { rows } = await database.query('SELECT count(*)::int AS n FROM analytics.events WHERE project_id = $1', [PROJECT])
    expect(rows[0]!.n).toBe(kept.length)
  })

  it('a batch sent twice (a retried keepalive request) is kept once', async () => {
    const batch = [event(), event()]
    expect((await post(batch)).body).toEqual({ received: 2, added: 2 })
    expect((await post(batch)).body).toEqual({ received: 2, added: 0 })
    const ids = (await directory.analyticsEvents(PROJECT)).map((kept) => kept.eventId)
    expect(ids.filter((id) => id === batch[0]!.eventId)).toHaveLength(1)
  })

  it('attack: a page the project does not allow, or no Origin at all, gets 403 and nothing is kept', async () => {
    const before = (await directory.analyticsEvents(PROJECT)).length
    for (const origin of ['https://evil.example.org', 'https://example.com', 'http://shop.example.com', null]) {
      const { status, body } = await post([event()], { origin })
      expect([origin, status, body]).toEqual([origin, 403, { error: 'This origin is not an allowed origin of the project' }])
    }
    expect(await post([event()], { origin: 'https://shop.example.com' })).toMatchObject({ status: 202 })
    expect((await directory.analyticsEvents(PROJECT)).length).toBe(before + 1)
  })

  it.each<[string, unknown, string]>([
    ['not JSON', '{"eventId":', 'The body must be JSON'],
    ['an empty batch', [], 'A batch holds 1 to 100 events'],
    ['a batch of 101', Array.from({ length: 101 }, () => event()), 'A batch holds 1 to 100 events'],
    ['a string event', ['hello'], 'events[0] must be an object'],
    ['a short event id', [event('X', { eventId: 'abc' })], 'events[0].eventId must be 8 to 64'],
    ['a javascript: url', [event('X', { url: 'javascript:alert(1)' })], 'events[0].url must be an http(s) URL'],
    ['a domain with a slash', [event('X', { domain: 'a/b' })], 'events[0].domain must be a host name'],
    ['a timestamp in seconds as text', [event('X', { timestamp: '1700000000' })], 'events[0].timestamp must be'],
    ['props without an event name', [event('X', { props: { type: 'track' } })], 'events[0].props must be an object with an event name'],
    ['props of 5 kB', [event('X', { props: { event: 'X', junk: 'x'.repeat(5000) } })], 'events[0].props exceeds 4096 bytes'],
  ])('%s is a 400 naming the field', async (_, body, message) => {
    const { status, body: answer } = await post(body)
    expect(status).toBe(400)
    expect(answer.error).toContain(message)
  })

  it('every call names its project and client (a page that names none has no allowed origins either)', async () => {
    expect((await post([event()], { project: 'st=foyer&sv=0.1.0', origin: null })).status).toBe(400)
    expect((await post([event()], { project: 'st=foyer&sv=0.1.0' })).status).toBe(403)
  })

  it('a preflight allows POST for the allowed origins only, naming the origin (vary: origin), never *', async () => {
    const preflight = (origin: string) =>
      fetch(`${directory.url}/e?${CLIENT}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
    const response = await preflight(PAGE)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE)
    expect(response.headers.get('vary')).toBe('origin')
    const refused = await preflight('https://evil.example.org')
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([403, null])
  })
})
