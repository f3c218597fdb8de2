import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { isFoyerError } from '../core/errors/BaseError.js'
import type { HttpStatusError } from '../core/errors/catalogue.js'
import { createHttpClient, fetchWithRefusals } from './http.js'

interface Echo {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

let server: Server
let baseUrl: string

function send(response: ServerResponse, status: number, body: string, type?: string): void {
  response.writeHead(status, type ? { 'content-type': type } : {})
  response.end(body)
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

// A real server with a route per behaviour; no fetch mock.
async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const raw = await readBody(request)
  const route = url.pathname
  if (route.endsWith('/echo')) {
    const echo: Echo = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: raw ? (JSON.parse(raw) as unknown) : null,
    }
    return send(response, 200, JSON.stringify(echo), 'application/json; charset=utf-8')
  }
  const status = /^\/status\/(\d+)$/.exec(route)
  if (status) return send(response, Number(status[1]), '{"reasons":[{"description":"Name taken"}]}', 'application/json')
  switch (route) {
    case '/no-content':
      return send(response, 204, '')
    case '/empty-json':
      return send(response, 200, '', 'application/json')
    case '/untyped-json':
      return send(response, 200, '{"untyped":true}')
    case '/html':
      return send(response, 200, '<!doctype html><title>captive portal</title>', 'text/html')
    case '/identity':
      return send(response, 200, '{"name":"vitalik.eth","avatar":null,"extra":1}', 'application/json')
    case '/image':
      response.writeHead(200, { 'content-type': 'image/png' })
      return void response.end(PNG)
    case '/slow':
      return void setTimeout(() => send(response, 200, '{}', 'application/json'), 2_000)
    default:
      return send(response, 404, 'not found', 'text/plain')
  }
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

describe('createHttpClient', () => {
  it('GET resolves to the parsed JSON body', async () => {
    const echo = (await createHttpClient({ baseUrl }).get('/echo')) as Echo
    expect(echo).toMatchObject({ method: 'GET', path: '/echo', body: null })
    expect(echo.headers['accept']).toBe('application/json')
    expect(echo.headers['content-type']).toBeUndefined()
  })

  it.each(['post', 'put', 'delete'] as const)('%s sends its body as JSON', async (method) => {
    const body = { amount: '1.5', addresses: ['0xa', '0xb'], nested: { ok: true } }
    const echo = (await createHttpClient({ baseUrl })[method]('/echo', { body })) as Echo
    expect(echo.method).toBe(method.toUpperCase())
    expect(echo.body).toEqual(body)
    expect(echo.headers['content-type']).toBe('application/json')
  })

  it('POST without a body sends no content-type', async () => {
    const echo = (await createHttpClient({ baseUrl }).post('/echo')) as Echo
    expect(echo.body).toBeNull()
    expect(echo.headers['content-type']).toBeUndefined()
  })

  it('joins base URL and path with exactly one slash, keeping the base path', async () => {
    const paths = await Promise.all(
      [
        createHttpClient({ baseUrl: `${baseUrl}/api` }).get('v1/echo'),
        createHttpClient({ baseUrl: `${baseUrl}/api/` }).get('/v1/echo'),
        createHttpClient({ baseUrl: `${baseUrl}/api//` }).get('//v1/echo'),
      ].map(async (response) => ((await response) as Echo).path),
    )
    expect(paths).toEqual(['/api/v1/echo', '/api/v1/echo', '/api/v1/echo'])
  })

  it('adds default query params to every call (rules §7 projectId, sdk type and version)', async () => {
    const http = createHttpClient({ baseUrl, query: { projectId: 'p1', st: 'foyer', sv: '0.1.0' } })
    const [get, post] = (await Promise.all([http.get('/echo'), http.post('/echo', { body: {} })])) as Echo[]
    expect(get?.query).toEqual({ projectId: 'p1', st: 'foyer', sv: '0.1.0' })
    expect(post?.query).toEqual({ projectId: 'p1', st: 'foyer', sv: '0.1.0' })
  })

  it('call query params join the defaults and win over them', async () => {
    const http = createHttpClient({ baseUrl, query: { projectId: 'p1', currency: 'usd' } })
    const echo = (await http.get('/echo', { query: { currency: 'eur', chainId: 'eip155:1' } })) as Echo
    expect(echo.query).toEqual({ projectId: 'p1', currency: 'eur', chainId: 'eip155:1' })
  })

  it('skips undefined and null params, joins arrays with commas, stringifies the rest', async () => {
    const query = {
      cursor: undefined,
      search: null,
      chains: ['eip155:1', 'eip155:137'],
      page: 2,
      forceUpdate: true,
      amount: 10n,
      empty: '',
    }
    const echo = (await createHttpClient({ baseUrl, query: { projectId: undefined } }).get('/echo', { query })) as Echo
    expect(echo.query).toEqual({
      chains: 'eip155:1,eip155:137',
      page: '2',
      forceUpdate: 'true',
      amount: '10',
      empty: '',
    })
  })

  it('encodes query values and keeps a query already in the path', async () => {
    const echo = (await createHttpClient({ baseUrl }).get('/echo?fixed=1', {
      query: { search: 'a b&c=d', unicode: 'é' },
    })) as Echo
    expect(echo.query).toEqual({ fixed: '1', search: 'a b&c=d', unicode: 'é' })
  })

  it('sends default headers, call headers win, names compared case-insensitively', async () => {
    const http = createHttpClient({ baseUrl, headers: { 'x-sdk': 'foyer', 'x-mode': 'default' } })
    const echo = (await http.post('/echo', {
      body: { a: 1 },
      headers: { 'X-Mode': 'call', 'Content-Type': 'application/json; charset=utf-8' },
    })) as Echo
    expect(echo.headers['x-sdk']).toBe('foyer')
    expect(echo.headers['x-mode']).toBe('call')
    expect(echo.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it.each([400, 401, 403, 404, 429, 500, 503])('status %i rejects with "HTTP status code: N"', async (code) => {
    const error = await rejection(createHttpClient({ baseUrl }).get(`/status/${code}`))
    expect(isFoyerError<HttpStatusError>(error, 'HttpStatusError')).toBe(true)
    expect((error as HttpStatusError).shortMessage).toBe(`HTTP status code: ${code}`)
    expect((error as HttpStatusError).status).toBe(code)
  })

  it('a status error tells developers which request failed and what the service said', async () => {
    const error = (await rejection(createHttpClient({ baseUrl }).post('/status/400', { body: {} }))) as HttpStatusError
    expect(error.details).toContain(`POST ${baseUrl}/status/400`)
    expect(error.details).toContain('Name taken')
  })

  it('an unknown route is a 404 status error', async () => {
    const error = await rejection(createHttpClient({ baseUrl }).get('/nowhere'))
    expect((error as HttpStatusError).status).toBe(404)
  })

  it('an empty body resolves to undefined (204, or JSON content-type with no body)', async () => {
    const http = createHttpClient({ baseUrl })
    await expect(http.delete('/no-content')).resolves.toBeUndefined()
    await expect(http.get('/empty-json')).resolves.toBeUndefined()
  })

  it('a non-empty body without a JSON content-type is still parsed', async () => {
    await expect(createHttpClient({ baseUrl }).get('/untyped-json')).resolves.toEqual({ untyped: true })
  })

  it('a body that is not JSON rejects with Invalid response', async () => {
    const error = await rejection(createHttpClient({ baseUrl }).get('/html'))
    expect(isFoyerError(error, 'InvalidResponseError')).toBe(true)
    expect((error as Error & { shortMessage: string }).shortMessage).toBe('Invalid response')
    expect((error as Error & { details: string }).details).toContain('text/html')
  })

  it('with a schema, resolves to its output (unknown keys stripped)', async () => {
    const Identity = v.object({ name: v.string(), avatar: v.nullable(v.string()) })
    const identity = await createHttpClient({ baseUrl }).get('/identity', { schema: Identity })
    expect(identity).toEqual({ name: 'vitalik.eth', avatar: null })
    expect(identity.name.toUpperCase()).toBe('VITALIK.ETH')
  })

  it('a body that does not match the schema rejects with Invalid response and the issues', async () => {
    const Identity = v.object({ name: v.number() })
    const error = await rejection(createHttpClient({ baseUrl }).get('/identity', { schema: Identity }))
    expect(isFoyerError(error, 'InvalidResponseError')).toBe(true)
    const { shortMessage, details } = error as Error & { shortMessage: string; details: string }
    expect(shortMessage).toBe('Invalid response')
    expect(details).toContain('GET /identity')
    expect(details).toContain('name')
    expect(details).toMatch(/Invalid type: Expected number/)
  })

  it('a schema also applies to an empty body', async () => {
    const error = await rejection(createHttpClient({ baseUrl }).get('/no-content', { schema: v.object({}) }))
    expect(isFoyerError(error, 'InvalidResponseError')).toBe(true)
  })

  it('getBlob resolves to the bytes with their type', async () => {
    const blob = await createHttpClient({ baseUrl, query: { projectId: 'p1' } }).getBlob('/image')
    expect(blob.type).toBe('image/png')
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PNG)
  })

  it('getBlob rejects a non-OK status', async () => {
    const error = await rejection(createHttpClient({ baseUrl }).getBlob('/status/404'))
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 404')
  })

  it('getBlob sends the default query params', async () => {
    const blob = await createHttpClient({ baseUrl, query: { projectId: 'p1' } }).getBlob('/echo')
    expect((JSON.parse(await blob.text()) as Echo).query).toEqual({ projectId: 'p1' })
  })

  it('an aborted call rejects with the AbortError', async () => {
    const controller = new AbortController()
    const pending = createHttpClient({ baseUrl }).get('/slow', { signal: controller.signal })
    controller.abort()
    const error = await rejection(pending)
    expect((error as Error).name).toBe('AbortError')
  })

  it('uses the given fetch instead of the global one', async () => {
    const fetch = vi.fn(globalThis.fetch)
    await createHttpClient({ baseUrl, fetch }).get('/echo', { query: { a: '1' } })
    expect(fetch).toHaveBeenCalledWith(`${baseUrl}/echo?a=1`, expect.objectContaining({ method: 'GET' }))
  })

  it('a network failure rejects with the fetch error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await rejection(createHttpClient({ baseUrl: `http://127.0.0.1:${port}` }).get('/echo'))
    expect(error).toBeInstanceOf(TypeError)
  })

  it.each(['', 'not a url', 'ftp://example.com', 'javascript:alert(1)', '/relative'])('rejects the base URL %j at creation', (url) => {
    let error: unknown
    try {
      createHttpClient({ baseUrl: url })
    } catch (caught) {
      error = caught
    }
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
  })
})

describe('fetchWithRefusals', () => {
  const answer = (status: number, body: unknown) => async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const client = (fetcher: typeof fetch) =>
    createHttpClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: fetchWithRefusals((reason, status) => new Error(`${status}: ${reason}`), fetcher),
    })

  it('a 4xx that says why rejects with the error made from its reason and status', async () => {
    await expect(client(answer(422, { error: 'Amount is below the minimum' })).get('/x')).rejects.toThrow(
      '422: Amount is below the minimum',
    )
  })

  it('a 4xx without a reason, a 5xx and an overlong reason stay status errors', async () => {
    for (const [status, body] of [
      [404, { message: 'no' }],
      [500, { error: 'down' }],
      [400, { error: 'x'.repeat(301) }],
    ] as const) {
      await expect(client(answer(status, body)).get('/x')).rejects.toThrow(`HTTP status code: ${status}`)
    }
  })

  it('an OK answer passes through', async () => {
    await expect(client(answer(200, { ok: true })).get('/x')).resolves.toEqual({ ok: true })
  })
})
