// What a load balancer and an operator rely on in every service: the probes, the drain on SIGTERM, one JSON log line
// per request under a request id, and a budget shared by instances on one database. Real sockets and processes:
// serveApp on a port, the directory's CLI as a child process. (The shared budget's own test is in
// services/manyInstances.integration.test.ts, on the PostgreSQL server it is for.)
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { createServiceApp, nodeAnswers, sendJson, serveApp, type RequestLogEntry } from './index.mjs'

const SLOW = { timeout: 30_000 }
/** A service with one slow route, its log lines collected. */
async function serveSlowService(ready?: () => Promise<string | undefined>) {
  const lines: RequestLogEntry[] = []
  const app = createServiceApp({ name: 'test', log: () => {}, methods: ['GET'], requestLog: (entry) => lines.push(entry), ready })
  app.get('/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    return sendJson(c, 200, { done: true })
  })
  const served = await serveApp(app, { port: 0, envVar: 'TEST_PORT', name: 'test', log: () => {} })
  return { app, served, lines }
}

describe('the probes', () => {
  it('/healthz says alive; /readyz says ready only while the dependencies answer, and why not otherwise', async () => {
    const { served } = await serveSlowService(nodeAnswers('http://127.0.0.1:9'))
    try {
      expect(await (await fetch(`${served.url}/healthz`)).json()).toEqual({ status: 'alive' })
      const notReady = await fetch(`${served.url}/readyz`)
      expect(notReady.status).toBe(503)
      expect(await notReady.json()).toEqual({
        status: 'not ready',
        reason: expect.stringMatching(/^the node http:\/\/127\.0\.0\.1:9 does not answer/),
      })
    } finally {
      await served.stop()
    }
    const healthy = await serveSlowService()
    try {
      expect(await (await fetch(`${healthy.served.url}/readyz`)).json()).toEqual({ status: 'ready' })
    } finally {
      await healthy.served.stop()
    }
  })
})

describe('the body limit', () => {
  /** POSTs `size` bytes to an echo route, with its length declared or chunked, as a client sends either. */
  function post(url: string, size: number, framing: 'declared' | 'chunked') {
    return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const body = 'x'.repeat(size)
      const request = http.request(`${url}/echo`, {
        method: 'POST',
        headers: framing === 'declared' ? { 'content-length': String(size) } : { 'transfer-encoding': 'chunked' },
      })
      request.on('response', (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }))
      })
      // The server may answer and close before it read the whole body.
      request.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      )
      if (framing === 'chunked') for (let at = 0; at < size; at += 256) request.write(body.slice(at, at + 256))
      else request.write(body)
      request.end()
    })
  }

  it('answers 413 and closes past the limit, whether the length is declared or the body chunked', async () => {
    const app = createServiceApp({ name: 'test', log: () => {}, methods: ['POST'], maxBodyBytes: 1000 })
    app.post('/echo', async (c) => sendJson(c, 200, { length: (await c.req.text()).length }))
    const served = await serveApp(app, { port: 0, envVar: 'TEST_PORT', name: 'test', log: () => {} })
    try {
      for (const framing of ['declared', 'chunked'] as const) {
        expect(await post(served.url, 1000, framing)).toMatchObject({ status: 200, body: '{"length":1000}' })
        const refused = await post(served.url, 1001, framing)
        expect(refused).toMatchObject({ status: 413, connection: 'close' })
        expect(JSON.parse(refused.body)).toEqual({ error: 'The body exceeds 1000 bytes' })
      }
    } finally {
      await served.stop()
    }
  })
})

describe('the drain', () => {
  it('stops accepting, answers the request in flight in full, and says not ready meanwhile', SLOW, async () => {
    const { app, served } = await serveSlowService()
    const inFlight = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      http
        .get(`${served.url}/slow`, { agent: new http.Agent({ keepAlive: true }) }, (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }))
        })
        .on('error', reject)
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const drained = served.drain()
    expect((await app.request('/readyz')).status).toBe(503)
    // No new connection is accepted.
    expect(served.server.listening).toBe(false)
    // The answer arrives whole, and ends its keep-alive connection so the client comes back through the balancer.
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}', connection: 'close' })
    await drained
  })

  it('a service CLI drains on SIGTERM and exits 0, having written one JSON line per request with its request id', SLOW, async () => {
    const cli = fileURLToPath(new URL('../directory/cli.mjs', import.meta.url))
    const child = spawn(process.execPath, [cli], {
      env: { NODE_ENV: 'production', PATH: process.env['PATH'] ?? '', FOYER_DIRECTORY_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    const exited = once(child, 'exit')
    await expect.poll(() => /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], { timeout: 20_000 }).toBeDefined()
    const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
    const given = await fetch(`${url}/getWallets?projectId=demo&st=foyer&sv=1`, { headers: { 'x-request-id': 'req-42' } })
    expect(given.headers.get('x-request-id')).toBe('req-42')
    // A caller's id that does not look like one is replaced.
    const replaced = await fetch(`${url}/readyz`, { headers: { 'x-request-id': 'two words' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
    expect(lines).toEqual([
      {
        time: expect.any(String),
        service: 'directory',
        requestId: 'req-42',
        method: 'GET',
        path: '/getWallets',
        status: 200,
        ms: expect.any(Number),
        client: '127.0.0.1',
      },
      {
        time: expect.any(String),
        service: 'directory',
        requestId: replaced.headers.get('x-request-id'),
        method: 'GET',
        path: '/readyz',
        status: 200,
        ms: expect.any(Number),
        client: '127.0.0.1',
      },
    ])
    expect(output).toContain('Wallet directory stopped (SIGTERM)')
  })

  it('no log line is written unless asked for, and every answer still carries a request id', async () => {
    const app = createServiceApp({ name: 'quiet', log: () => {}, methods: ['GET'] })
    expect((await app.request('/healthz')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
