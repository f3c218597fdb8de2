// Serving a service's Hono app on node:http: the port taken exclusively (a taken one named by its variable, see
// listen.mjs), malformed HTTP answered 400 instead of crashing, a stop that closes every connection, and a drain
// that lets the requests in flight finish first (SIGTERM from an orchestrator).
import http from 'node:http'

import { getRequestListener } from '@hono/node-server'

import { listen } from '../listen.mjs'
import { markDraining } from './createServiceApp.mjs'

/** How long a drain waits for the requests in flight before it closes their connections anyway. */
export const DRAIN_TIMEOUT_MS = 10_000

/**
 * Listens with `app` on `host:port` and resolves once it does.
 *
 * @example
 * const { url, stop } = await serveApp(app, { port: 0, envVar: 'FOYER_DIRECTORY_PORT', name: 'directory', log });
 *
 * @param {{ fetch: (request: Request, env: any) => Response | Promise<Response> }} app
 * @param {object} options
 * @param {number} options.port 0 picks a free port
 * @param {string} [options.host='127.0.0.1']
 * @param {string} options.envVar the variable that moves the port, named when it is taken
 * @param {string} options.name in log lines
 * @param {(message: string) => void} options.log told about server errors
 */
export async function serveApp(app, { port, host = '127.0.0.1', envVar, name, log }) {
  // @hono/node-server's default: it puts its lighter Request and Response in place of the global ones (they
  // behave the same), which is what lets it skip building a Web Response for every answer.
  const listener = getRequestListener(app.fetch)
  let draining = false
  /** The answers not yet sent, so that a drain can tell them to end their connection. */
  /** @type {Set<http.ServerResponse>} */
  const unanswered = new Set()
  /** Once draining, every answer ends its connection, so a keep-alive client comes back through the balancer. */
  const endConnection = (/** @type {http.ServerResponse} */ response) => {
    if (!response.headersSent) response.setHeader('connection', 'close')
  }
  const server = http.createServer((request, response) => {
    if (draining) endConnection(response)
    unanswered.add(response)
    response.once('close', () => unanswered.delete(response))
    return listener(request, response)
  })
  // Malformed HTTP: answer 400 and drop the connection instead of crashing.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
    else socket.destroy()
  })
  const actualPort = await listen(server, { port, host, envVar })
  server.on('error', (error) => log(`[${name}] server error: ${error.message}`))

  /** @type {Promise<void> | undefined} */
  let stopping
  return {
    /** The node:http server, for a WebSocket server to share. */
    server,
    /** `http://127.0.0.1:<port>` */
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    /** Stops listening, closes every connection (keep-alive ones included) and resolves once closed. Safe to call twice. */
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
      return stopping
    },
    /**
     * Stops accepting connections, lets the requests in flight finish (each answer then closes its connection),
     * and resolves once every connection is closed, or after `timeoutMs`, when the rest are closed. `/readyz`
     * answers 503 meanwhile.
     *
     * @param {number} [timeoutMs] (default DRAIN_TIMEOUT_MS)
     */
    drain(timeoutMs = DRAIN_TIMEOUT_MS) {
      draining = true
      markDraining(app)
      for (const response of unanswered) endConnection(response)
      stopping ??= new Promise((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs)
        // Idle keep-alive connections have nothing in flight: they go at once, the busy ones once answered.
        const closeIdle = () => server.closeIdleConnections()
        const sweeper = setInterval(closeIdle, 50)
        server.close(() => {
          clearTimeout(timer)
          clearInterval(sweeper)
          resolve(undefined)
        })
        closeIdle()
      })
      return stopping
    },
  }
}
