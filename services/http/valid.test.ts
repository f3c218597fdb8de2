import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'

import { JsonObject, ServiceError, checkClient, createServiceApp, queryString, queryValue, sendJson, valid, validBody } from './index.mjs'

/** A service with one sub-app, mounted as the services mount theirs. */
function service(routes: Hono) {
  const app = createServiceApp({ name: 'test', log: () => {}, methods: ['GET', 'POST'] })
  app.route('/', routes)
  return app
}

const answer = async (response: Response | Promise<Response>) => {
  const settled = await response
  return { status: settled.status, body: await settled.json() }
}

describe('valid() and validBody()', () => {
  const Body = JsonObject({
    amount: v.pipe(v.string('amount must be a decimal string'), v.regex(/^\d+$/, 'amount must be a decimal string')),
    note: v.optional(v.string('note must be a string')),
  })
  const routes = new Hono()
  routes.post('/pay', validBody(Body), (c) => sendJson(c, 200, c.req.valid('json')))
  routes.get(
    '/list',
    valid(
      'query',
      v.looseObject({
        page: queryValue('page', (page) => (page === '' ? 1 : Number(page))),
        search: queryString('search'),
      }),
    ),
    (c) => sendJson(c, 200, c.req.valid('query')),
  )
  const app = service(routes)
  const post = (body: string) => answer(app.request('/pay', { method: 'POST', body, headers: { 'content-type': 'text/plain' } }))

  it('hands the handler the checked body, read as JSON whatever its content type', async () => {
    expect(await post('{"amount":"12","other":true}')).toEqual({ status: 200, body: { amount: '12', other: true } })
  })

  it('words a missing field as its own schema does, not as valibot words a missing key', async () => {
    expect(await post('{"note":"hi"}')).toEqual({ status: 400, body: { error: 'amount must be a decimal string' } })
  })

  it('refuses a body that is not JSON, or JSON that is not an object (an array too)', async () => {
    expect(await post('{"amount":')).toEqual({ status: 400, body: { error: 'The body must be a JSON object' } })
    expect(await post('[{"amount":"1"}]')).toEqual({ status: 400, body: { error: 'The body must be a JSON object' } })
    expect(await post('"12"')).toEqual({ status: 400, body: { error: 'The body must be a JSON object' } })
  })

  it("words a refusal with the service's code and its own words for a body that is not JSON, where it gives them", async () => {
    const coded = new Hono()
    const refusal = { code: 'INVALID_REQUEST', notJson: 'The body must be JSON' }
    coded.post('/pay', validBody(Body, refusal), (c) => sendJson(c, 200, c.req.valid('json')))
    coded.get('/list', valid('query', v.looseObject({ search: queryString('search') }), refusal), (c) => sendJson(c, 200, {}))
    const app = service(coded)
    const pay = (body: string) => answer(app.request('/pay', { method: 'POST', body }))
    expect(await pay('{"amount":')).toEqual({ status: 400, body: { error: 'The body must be JSON', code: 'INVALID_REQUEST' } })
    expect(await pay('{"amount":1}')).toEqual({
      status: 400,
      body: { error: 'amount must be a decimal string', code: 'INVALID_REQUEST' },
    })
    expect(await answer(app.request('/list?search=a&search=b'))).toEqual({
      status: 400,
      body: { error: 'search is given more than once', code: 'INVALID_REQUEST' },
    })
  })

  it('refuses a query parameter given twice; reads an absent one as the route says', async () => {
    expect(await answer(app.request('/list?search=a&search=b'))).toEqual({
      status: 400,
      body: { error: 'search is given more than once' },
    })
    expect(await answer(app.request('/list'))).toEqual({ status: 200, body: { page: 1 } })
  })
})

describe('checkClient()', () => {
  const routes = new Hono()
  routes.get('/config', checkClient(new Set(['demo']), 'directory'), (c) => sendJson(c, 200, { ok: true }))
  const app = service(routes)
  const get = (query: string) => answer(app.request(`/config?${query}`))

  it.each([
    ['st=foyer&sv=1', 'projectId is required'],
    ['projectId=&st=foyer&sv=1', 'projectId is required'],
    ['projectId=a/b&st=foyer&sv=1', 'projectId must be 1 to 128 letters, digits, "-" or "_"'],
    ['projectId=demo&sv=1', 'st (the client type) is required'],
    ['projectId=demo&st=&sv=1', 'st (the client type) is required'],
    ['projectId=demo&st=foyer', 'sv (the client version) is required'],
    ['projectId=demo&st=foyer&st=x&sv=1', 'st is given more than once'],
  ])('%s → 400 %s', async (query, error) => {
    expect(await get(query)).toEqual({ status: 400, body: { error } })
  })

  it('refuses with 403 a project the service does not serve, after the client is checked', async () => {
    expect(await get('projectId=other&st=foyer&sv=1')).toEqual({
      status: 403,
      body: { error: 'projectId is not a project of this directory' },
    })
    expect(await get('projectId=demo&st=foyer&sv=1')).toEqual({ status: 200, body: { ok: true } })
  })
})

describe('the one error body', () => {
  it('writes a ServiceError as { error, code?, ...details } with its headers; anything else thrown is a 500', async () => {
    const routes = new Hono()
    routes.get('/refused', () => {
      throw new ServiceError(409, 'NAME_TAKEN', 'The name is taken', { reasons: [{ name: 'NAME_TAKEN' }] }, { 'retry-after': '3' })
    })
    routes.get('/bug', () => {
      throw new TypeError('x is undefined')
    })
    const app = service(routes)
    const refused = await app.request('/refused')
    expect(refused.headers.get('retry-after')).toBe('3')
    expect(await answer(refused)).toEqual({
      status: 409,
      body: { error: 'The name is taken', code: 'NAME_TAKEN', reasons: [{ name: 'NAME_TAKEN' }] },
    })
    expect(await answer(app.request('/bug'))).toEqual({ status: 500, body: { error: 'Internal error' } })
  })

  it("a JSON-RPC endpoint writes it as a JSON-RPC error object, with the refusal's rpcCode", async () => {
    const app = createServiceApp({ name: 'rpc', log: () => {}, methods: ['POST'], errorBodies: 'json-rpc' })
    app.post('/v1', () => {
      throw new ServiceError(400, null, 'Unsupported chain', { rpcCode: 4902 })
    })
    expect(await answer(app.request('/v1', { method: 'POST', body: '{}' }))).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', id: null, error: { code: 4902, message: 'Unsupported chain' } },
    })
    expect(await answer(app.request('/v1'))).toMatchObject({
      status: 405,
      body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'GET is not allowed; use POST, OPTIONS' } },
    })
  })
})
