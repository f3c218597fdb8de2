// The local WalletConnect relay: the relay's JSON-RPC (irn_* and the Sign 2.5 wc_proposeSession /
// wc_approveSession) over WebSocket (ws) on the node:http server of a small Hono app, so an unmodified
// @walletconnect/sign-client pointed at `relayUrl: 'ws://127.0.0.1:<port>'` pairs, settles sessions and
// exchanges requests offline.
//
// DEVELOPMENT ONLY. It verifies nothing: the `auth` JWT, `projectId` and `ua` in the URL the SDK builds
// (`ws://…/?auth=<jwt>&projectId=…&ua=…&useOnCloseEvent=true`) are accepted whatever they hold; the JWT's
// `iss` is only read, unverified, to tell clients apart. Listen on loopback only.
import { randomBytes } from 'node:crypto'

import { WebSocketServer } from 'ws'

import { createServiceApp, sendJson, serveApp } from '../../http/index.mjs'
import { createRelayHub } from './createRelayHub.mjs'
import { MAX_MESSAGE_BYTES, createRelayMethods } from './relayMethods.mjs'
import { JSON_RPC_INVALID_REQUEST, errorResponse, stringifyJson } from '../../jsonRpc.mjs'
import { handleJsonRpcFrame } from './relayJsonRpc.mjs'

/** The relay's default port. @default 8787 */
export const DEFAULT_RELAY_PORT = 8787
/**
 * Largest WebSocket frame read: 4 MiB, room for a 1 MiB message plus JSON around it. A larger frame makes
 * `ws` close the socket with 1009 (message too big); everything smaller gets a JSON-RPC answer.
 */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024
/**
 * How often the relay pings each socket. The SDK (in Node) drops a connection that has heard nothing for
 * 35 s, so this must stay well below that. A socket that has not answered the previous ping is closed.
 */
export const DEFAULT_PING_INTERVAL_MS = 15_000
/** How often expired mailbox messages are dropped (they are also skipped when read). */
const SWEEP_INTERVAL_MS = 30_000

/**
 * The client behind a connection: the `iss` (did:key) of the SDK's relay JWT in `?auth=`, read without
 * any verification. It is the SDK's client id, stable across reconnects, so a reconnecting client is not
 * sent its own messages or ones it already acked. Anything else gets a key of its own.
 *
 * @param {string | undefined} requestUrl
 * @returns {string}
 */
function clientKeyOf(requestUrl) {
  try {
    const auth = new URL(requestUrl ?? '/', 'http://relay.invalid').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (payload) {
      const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      if (typeof iss === 'string' && iss.length > 0 && iss.length <= 512) return iss
    }
  } catch {
    // Not a JWT: fall through to an anonymous key.
  }
  return `anonymous:${randomBytes(16).toString('hex')}`
}

/**
 * @typedef {object} StartRelayOptions
 * @property {number} [port] 0 picks a free port (default 8787)
 * @property {string} [host] default '127.0.0.1'
 * @property {string} [portEnv] named in the error when the port is taken (default 'FOYER_RELAY_PORT')
 * @property {number} [pingIntervalMs] WebSocket ping period (default 15 000)
 * @property {{ maxMessages?: number, maxMessagesPerTopic?: number, maxBytes?: number }} [mailbox] mailbox caps
 * @property {(message: string) => void} [log] told about internal errors (default console.error)
 */

/**
 * Starts the local WalletConnect relay and resolves once it listens.
 *
 * @example
 * const relay = await startRelay({ port: 0 });
 * const client = await SignClient.init({ projectId: 'foyer-dev', relayUrl: relay.url, metadata });
 * // …
 * await relay.stop();
 *
 * @param {StartRelayOptions} [options]
 */
export async function startRelay({
  port = DEFAULT_RELAY_PORT,
  host = '127.0.0.1',
  portEnv = 'FOYER_RELAY_PORT',
  pingIntervalMs = DEFAULT_PING_INTERVAL_MS,
  mailbox = {},
  log = (message) => console.error(message),
} = {}) {
  /** @param {unknown} error @param {string} where */
  const onInternalError = (error, where) =>
    log(`[relay] ${where} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  const hub = createRelayHub(mailbox)
  const methods = createRelayMethods(hub, onInternalError)

  const app = createServiceApp({
    name: 'relay',
    log,
    methods: ['GET', 'HEAD'],
    allowHeaders: '*',
    notAllowedMessage: 'The relay speaks JSON-RPC over WebSocket; HTTP offers GET / only',
  })
  app.get('/health', (c) => c.text('ok'))
  // @walletconnect/core 2.25 makes no HTTP request to its relay (irn_batchFetchMessages goes over the socket),
  // so every other path answers the same small summary.
  app.get('*', (c) => sendJson(c, 200, { status: 'ok', service: 'foyer-walletconnect-relay', ...hub.stats() }))

  // Listen before the WebSocket server exists: it re-emits the HTTP server's errors, and a taken port is
  // the caller's business (PortInUseError), not an internal error.
  const served = await serveApp(app, { port, host, envVar: portEnv, name: 'relay', log })

  // Any path, any query: the SDK appends `?auth=…&projectId=…&ua=…` to the relay URL.
  const wss = new WebSocketServer({ server: served.server, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false })
  /** @type {WeakMap<import('ws').WebSocket, boolean>} */
  const alive = new WeakMap()

  wss.on('connection', (socket, req) => {
    /** @type {import('./createRelayHub.mjs').RelayPeer} */
    const peer = {
      key: clientKeyOf(req.url),
      send(payload) {
        if (socket.readyState === socket.OPEN) socket.send(stringifyJson(payload))
      },
    }
    hub.addPeer(peer)
    alive.set(socket, true)
    socket.on('pong', () => alive.set(socket, true))
    socket.on('message', (data, isBinary) => {
      try {
        if (isBinary) {
          peer.send(errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request: send JSON-RPC as text frames'))
          return
        }
        const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
        const response = handleJsonRpcFrame(text, {
          methods,
          peer,
          onResponse: (id) => hub.acknowledge(peer, id),
          onInternalError,
        })
        if (response !== undefined) peer.send(/** @type {Record<string, unknown>} */ (response))
      } catch (error) {
        onInternalError(error, 'frame')
      }
    })
    socket.on('error', () => {
      // A broken or oversized frame: ws closes the socket itself; 'close' cleans up.
    })
    socket.on('close', () => hub.removePeer(peer))
  })
  // ws re-emits the HTTP server's errors here, which serveApp already logs; unheard, they would throw.
  wss.on('error', () => {})

  const pinger = setInterval(() => {
    for (const socket of wss.clients) {
      if (alive.get(socket) === false) {
        socket.terminate()
        continue
      }
      alive.set(socket, false)
      try {
        socket.ping()
      } catch {
        socket.terminate()
      }
    }
  }, pingIntervalMs)
  pinger.unref()
  const sweeper = setInterval(() => hub.sweep(), SWEEP_INTERVAL_MS)
  sweeper.unref()

  /** @type {Promise<void> | undefined} */
  let stopping

  return {
    /** `ws://127.0.0.1:<port>`: the sign-client's `relayUrl`. */
    url: served.url.replace(/^http:/, 'ws:'),
    /** `http://127.0.0.1:<port>`: GET answers a JSON summary, GET /health answers `ok`. */
    httpUrl: served.url,
    port: served.port,
    /** Connections, subscriptions and mailbox size right now. */
    stats: () => hub.stats(),
    /**
     * Cuts every socket at once, with no close handshake, as a network that drops does; the relay keeps listening and
     * keeps its mailbox, so clients that connect again and subscribe again get what was published meanwhile. For
     * tests. Returns how many sockets were cut.
     */
    dropAll() {
      let dropped = 0
      for (const socket of wss.clients) {
        socket.terminate()
        dropped += 1
      }
      return dropped
    },
    /** Closes every socket (1001, going away), stops listening and resolves once closed. */
    stop() {
      stopping ??= new Promise((resolve) => {
        clearInterval(pinger)
        clearInterval(sweeper)
        for (const socket of wss.clients) socket.close(1001, 'relay stopping')
        wss.close()
        served.stop().then(resolve)
        // Sockets that do not answer the close handshake promptly are cut.
        setTimeout(() => {
          for (const socket of wss.clients) socket.terminate()
        }, 1000).unref()
      })
      return stopping
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startRelay>>} LocalRelay */

export { MAX_MESSAGE_BYTES }
