// The shared CORS rule: public reads answer every origin; a route that changes state answers (and runs for) only the
// service's own origin and the project's allowed origins, as the directory serves them. The attacks are a page on
// another site sending the state-changing request, or its preflight, and reading the answer.
import type { Context } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createAllowedOrigins, createServiceApp, NOT_OWN_ORIGIN, ORIGIN_NOT_ALLOWED, ORIGINS_TTL_MS, sendJson } from './index.mjs'

const SERVICE = 'http://service.test'
const SHOP = 'https://shop.example.com'
const EVIL = 'https://shop.example.com.evil.io'
const PROJECT = 'projectId=p1&st=foyer&sv=0.1.0'

/** A service with one public read, one POST read, two state-changing routes and one only its own pages may post. */
function service(origins: Record<string, readonly string[]> = { p1: ['https://*.example.com', 'http://localhost:*'] }) {
  const calls: string[] = []
  const app = createServiceApp({
    name: 'test',
    log: () => {},
    methods: ['GET', 'POST'],
    changesState: [
      { method: 'POST', path: '/v1/sessions' },
      { method: 'POST', path: '/v1/sessions/:id/revoke' },
      { method: 'POST', path: '/checkout/:id/:action{confirm|cancel}', callers: 'self' },
    ],
    projectOrigins: async (projectId) => origins[projectId] ?? [],
  })
  const handler = (name: string) => (c: Context) => {
    calls.push(name)
    return sendJson(c, 200, { ok: name })
  }
  app.get('/v1/prices', handler('read'))
  app.post('/v1/price', handler('post read'))
  app.post('/v1/sessions', handler('sign in'))
  app.post('/v1/sessions/:id/revoke', handler('revoke'))
  app.post('/checkout/:id/:action{confirm|cancel}', handler('confirm'))
  return { app, calls }
}

const preflight = (app: ReturnType<typeof service>['app'], path: string, origin: string, method = 'POST') =>
  app.request(`${SERVICE}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
  })

const post = (app: ReturnType<typeof service>['app'], path: string, origin?: string) =>
  app.request(`${SERVICE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin && { origin }) },
    body: '{}',
  })

const corsOf = (response: Response) => ({
  status: response.status,
  allowOrigin: response.headers.get('access-control-allow-origin'),
  vary: response.headers.get('vary'),
})

describe('CORS on the routes that change state', () => {
  it('attack: a disallowed origin gets no grant on the preflight, and its POST is refused before the route runs', async () => {
    const { app, calls } = service()
    for (const origin of [EVIL, 'https://example.com', 'http://shop.example.com', 'null', 'https://localhost:5173']) {
      expect([origin, corsOf(await preflight(app, `/v1/sessions?${PROJECT}`, origin))]).toEqual([
        origin,
        { status: 403, allowOrigin: null, vary: 'origin' },
      ])
      const refused = await post(app, `/v1/sessions?${PROJECT}`, origin)
      expect([origin, corsOf(refused)]).toEqual([origin, { status: 403, allowOrigin: null, vary: 'origin' }])
      expect(refused.headers.get('access-control-expose-headers')).toBeNull()
      expect(await refused.json()).toEqual({ error: ORIGIN_NOT_ALLOWED })
    }
    // A route with parameters is matched as it is registered.
    expect(corsOf(await post(app, `/v1/sessions/abc/revoke?${PROJECT}`, EVIL))).toMatchObject({ status: 403, allowOrigin: null })
    expect(calls).toEqual([])
  })

  it('an allowed origin (wildcards as in rules §5) gets its own origin back, with vary: origin, and the route runs', async () => {
    const { app, calls } = service()
    for (const origin of [SHOP, 'https://a.b.example.com', 'http://localhost:5173']) {
      const answer = await preflight(app, `/v1/sessions?${PROJECT}`, origin)
      expect(corsOf(answer)).toEqual({ status: 204, allowOrigin: origin, vary: 'origin' })
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
      expect(answer.headers.get('access-control-allow-headers')).toBe('content-type')
      const posted = await post(app, `/v1/sessions?${PROJECT}`, origin)
      expect(corsOf(posted)).toEqual({ status: 200, allowOrigin: origin, vary: 'origin' })
      expect(posted.headers.get('access-control-expose-headers')).toBe('retry-after')
    }
    expect(corsOf(await post(app, `/v1/sessions/abc/revoke?${PROJECT}`, SHOP))).toEqual({ status: 200, allowOrigin: SHOP, vary: 'origin' })
    expect(calls).toEqual(['sign in', 'sign in', 'sign in', 'revoke'])
  })

  it('attack: the origins are those of the project the query names; none named, named twice or unknown allows none', async () => {
    const { app, calls } = service({ p1: [SHOP], p2: [] })
    for (const query of ['st=foyer&sv=0.1.0', 'projectId=p1&projectId=p1', 'projectId=', 'projectId=p2', 'projectId=p3']) {
      expect([query, corsOf(await preflight(app, `/v1/sessions?${query}`, SHOP))]).toEqual([
        query,
        { status: 403, allowOrigin: null, vary: 'origin' },
      ])
      expect([query, (await post(app, `/v1/sessions?${query}`, SHOP)).status]).toEqual([query, 403])
    }
    expect(calls).toEqual([])
  })

  it("attack: a 'self' route (a confirm button on the service's own page) refuses even the project's origins", async () => {
    const { app, calls } = service()
    const refused = await post(app, `/checkout/order1/confirm?${PROJECT}`, SHOP)
    expect(corsOf(refused)).toEqual({ status: 403, allowOrigin: null, vary: 'origin' })
    expect(await refused.json()).toEqual({ error: NOT_OWN_ORIGIN })
    expect((await preflight(app, '/checkout/order1/cancel', SHOP)).status).toBe(403)
    expect(calls).toEqual([])
    // The service's own page may post it: its own origin, with or without a project.
    expect(corsOf(await post(app, '/checkout/order1/confirm', SERVICE))).toEqual({ status: 200, allowOrigin: SERVICE, vary: 'origin' })
    expect(calls).toEqual(['confirm'])
  })

  it('a request with no Origin is no browser page on another site: it runs, with no CORS header', async () => {
    const { app, calls } = service()
    expect(corsOf(await post(app, `/v1/sessions?${PROJECT}`))).toEqual({ status: 200, allowOrigin: null, vary: 'origin' })
    expect(calls).toEqual(['sign in'])
  })

  it('the public reads, GET or POST, still answer every origin with *', async () => {
    const { app, calls } = service({})
    const read = await app.request(`${SERVICE}/v1/prices?${PROJECT}`, { headers: { origin: EVIL } })
    expect(corsOf(read)).toEqual({ status: 200, allowOrigin: '*', vary: null })
    expect(corsOf(await preflight(app, '/v1/price', EVIL))).toEqual({ status: 204, allowOrigin: '*', vary: null })
    expect(corsOf(await post(app, '/v1/price', EVIL))).toEqual({ status: 200, allowOrigin: '*', vary: null })
    // A preflight for GET on a state-changing path is for a read: the route is POST only.
    expect(corsOf(await preflight(app, '/v1/sessions', EVIL, 'GET'))).toMatchObject({ status: 204, allowOrigin: '*' })
    expect(calls).toEqual(['read', 'post read'])
  })
})

describe('a same-origin service (sameOriginOnly)', () => {
  it('attack: another origin reads no answer: no preflight, 405, 404, error or success carries a CORS header', async () => {
    const app = createServiceApp({ name: 'test', log: () => {}, methods: ['GET', 'POST'], sameOriginOnly: true })
    app.get('/page', (c) => sendJson(c, 200, { ok: true }))
    app.post('/v1/secret', () => {
      throw new Error('boom')
    })
    const answers = [
      await preflight(app, '/v1/secret', EVIL),
      await preflight(app, '/page', EVIL, 'GET'),
      await app.request(`${SERVICE}/page`, { method: 'PUT', headers: { origin: EVIL } }),
      await app.request(`${SERVICE}/v1/secret`, { headers: { origin: EVIL } }),
      await app.request(`${SERVICE}/nowhere`, { headers: { origin: EVIL } }),
      await post(app, '/v1/secret', EVIL),
      await app.request(`${SERVICE}/page`, { headers: { origin: EVIL } }),
    ]
    expect(answers.map((response) => response.status)).toEqual([204, 204, 405, 405, 404, 500, 200])
    for (const response of answers) expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })
})

describe('with the directory as the source of the allowed origins', () => {
  let directory: WalletDirectory

  beforeAll(async () => {
    directory = await startDirectory({ allowedOrigins: [SHOP] })
  })
  afterAll(async () => {
    await directory.stop()
  })

  it("the directory's /projects/v1/origins decides, asked once per project within ORIGINS_TTL_MS", async () => {
    const asked: string[] = []
    let time = 0
    const lookup = createAllowedOrigins({
      directoryUrl: directory.url,
      now: () => time,
      fetch: (input, init) => {
        asked.push(String(input))
        return fetch(input, init)
      },
    })
    const viaDirectory = createServiceApp({
      name: 'test',
      log: () => {},
      methods: ['POST'],
      changesState: [{ method: 'POST', path: '/v1/sessions' }],
      projectOrigins: lookup.originsOf,
    })
    viaDirectory.post('/v1/sessions', (c) => sendJson(c, 200, { ok: true }))
    expect(corsOf(await post(viaDirectory, `/v1/sessions?${PROJECT}`, SHOP))).toMatchObject({ status: 200, allowOrigin: SHOP })
    expect(corsOf(await post(viaDirectory, `/v1/sessions?${PROJECT}`, 'http://localhost:5173'))).toMatchObject({
      status: 403,
      allowOrigin: null,
    })
    expect(corsOf(await preflight(viaDirectory, `/v1/sessions?${PROJECT}`, SHOP))).toMatchObject({ status: 204, allowOrigin: SHOP })
    expect(asked).toHaveLength(1)
    expect(new URL(asked[0] as string).searchParams.get('projectId')).toBe('p1')
    time = ORIGINS_TTL_MS - 1
    await post(viaDirectory, `/v1/sessions?${PROJECT}`, SHOP)
    expect(asked).toHaveLength(1)
    time = ORIGINS_TTL_MS
    await post(viaDirectory, `/v1/sessions?${PROJECT}`, SHOP)
    expect(asked).toHaveLength(2)
  })
})
