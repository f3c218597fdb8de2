// One WebSocket to a WalletConnect relay (the Iridium JSON-RPC: irn_subscribe, irn_batchSubscribe,
// irn_unsubscribe, irn_publish, and the relay's irn_subscription deliveries, each acked). The socket
// opens on first use with a fresh auth token, and after a drop it reopens and subscribes again to
// every topic it held, so the relay hands over what waited in its mailbox meanwhile.
import * as v from 'valibot'
import { signRelayJwt } from './relayAuth.js'

/** Reconnect delays after a drop: 1 s, doubling, at most 30 s. */
export const RELAY_RECONNECT_MS = 1000
const RELAY_RECONNECT_MAX_MS = 30_000
/** How long a relay call (the socket opening included) may take before it fails. */
export const RELAY_CALL_TIMEOUT_MS = 10_000
/** How many delivered messages are remembered to drop redeliveries (the relay resends unacked ones). */
const SEEN_MESSAGES = 512

/** The subset of the WHATWG WebSocket the connection uses (a browser's, or `ws` in Node). */
export interface RelaySocket {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
}

export type RelaySocketConstructor = new (url: string) => RelaySocket

export interface PublishOptions {
  /** Seconds the relay keeps the message for a subscriber that is away. */
  ttl: number
  /** The protocol's tag for the message kind (1100 proposal, 1108 request…). */
  tag: number
  /** Asks the relay to push-notify the wallet. */
  prompt?: boolean
}

export interface RelayConnectionOptions {
  /** The relay URL, e.g. `wss://relay.walletconnect.org` or the local stack's `ws://127.0.0.1:8787`. */
  url: string
  projectId: string
  /** The client's Ed25519 seed (hex): the relay knows the client by it. */
  seed: string
  /** Told about each message on a subscribed topic, once. */
  onMessage(topic: string, message: string): void
  /** @default globalThis.WebSocket */
  WebSocket?: RelaySocketConstructor
  /** Unix milliseconds. */
  now(): number
  /** Runs `callback` after `ms`; returns a cancel function. */
  schedule(callback: () => void, ms: number): () => void
  log?(message: string, error?: unknown): void
}

export interface RelayConnection {
  subscribe(topic: string): Promise<void>
  unsubscribe(topic: string): Promise<void>
  publish(topic: string, message: string, options: PublishOptions): Promise<void>
  /** The topics held, which a reconnect subscribes again. */
  topics(): string[]
  /** Closes the socket for good; later calls fail. */
  close(): void
}

/** A relay call that failed: its JSON-RPC error, or a closed socket (code -32000). */
export class RelayError extends Error {
  override name = 'RelayError'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

const IdSchema = v.union([v.number(), v.string()])
const SubscriptionSchema = v.object({
  id: IdSchema,
  method: v.literal('irn_subscription'),
  params: v.object({ id: v.string(), data: v.object({ topic: v.string(), message: v.string() }) }),
})
const ResponseSchema = v.union([
  v.object({ id: IdSchema, result: v.unknown() }),
  v.object({ id: IdSchema, error: v.object({ code: v.number(), message: v.string() }) }),
])

const OPEN = 1

let lastId = 0
/** A JSON-RPC id as WalletConnect makes them: milliseconds × 1000 plus a counter, unique per page. */
export function payloadId(now = Date.now()): number {
  lastId = Math.max(lastId + 1, now * 1000 + Math.floor(Math.random() * 1000))
  return lastId
}

export function createRelayConnection(options: RelayConnectionOptions): RelayConnection {
  const held = new Set<string>()
  const pending = new Map<string, { resolve(result: unknown): void; reject(error: Error): void }>()
  const seen = new Set<string>()
  let socket: RelaySocket | undefined
  let opening: Promise<RelaySocket> | undefined
  let closed = false
  let retryMs = RELAY_RECONNECT_MS
  let cancelRetry: (() => void) | undefined

  const log = (message: string, error?: unknown) => options.log?.(message, error)

  function failPending(reason: string) {
    for (const [id, call] of pending) {
      pending.delete(id)
      call.reject(new RelayError(reason, -32000))
    }
  }

  function onFrame(data: unknown) {
    let frame: unknown
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data))
    } catch {
      return
    }
    const delivery = v.safeParse(SubscriptionSchema, frame)
    if (delivery.success) {
      const { id, params } = delivery.output
      socket?.send(JSON.stringify({ id, jsonrpc: '2.0', result: true }))
      const { topic, message } = params.data
      if (!held.has(topic) || seen.has(message)) return
      seen.add(message)
      if (seen.size > SEEN_MESSAGES) seen.delete(seen.values().next().value!)
      options.onMessage(topic, message)
      return
    }
    const response = v.safeParse(ResponseSchema, frame)
    if (!response.success) return
    const call = pending.get(String(response.output.id))
    if (!call) return
    pending.delete(String(response.output.id))
    if ('error' in response.output) call.reject(new RelayError(response.output.error.message, response.output.error.code))
    else call.resolve(response.output.result)
  }

  function reconnectLater() {
    if (closed || held.size === 0 || cancelRetry) return
    const delay = retryMs
    retryMs = Math.min(retryMs * 2, RELAY_RECONNECT_MAX_MS)
    cancelRetry = options.schedule(() => {
      cancelRetry = undefined
      open().catch((error: unknown) => {
        log('The WalletConnect relay did not answer; trying again.', error)
        reconnectLater()
      })
    }, delay)
  }

  function open(): Promise<RelaySocket> {
    if (closed) return Promise.reject(new RelayError('The WalletConnect relay connection is closed.', -32000))
    if (socket?.readyState === OPEN) return Promise.resolve(socket)
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: RelaySocketConstructor }).WebSocket
    if (!Socket) return Promise.reject(new RelayError('This environment has no WebSocket.', -32000))
    opening ??= new Promise<RelaySocket>((resolve, reject) => {
      const url = new URL(options.url)
      const audience = url.href
      url.searchParams.set('auth', signRelayJwt({ seed: options.seed, audience, now: Math.floor(options.now() / 1000) }))
      url.searchParams.set('projectId', options.projectId)
      url.searchParams.set('ua', 'wc-2/js-foyer/browser')
      const created = new Socket(url.href)
      let isOpen = false
      created.addEventListener('open', () => {
        isOpen = true
        socket = created
        opening = undefined
        retryMs = RELAY_RECONNECT_MS
        resolve(created)
        // After a drop: subscribe again to everything held, in one call.
        if (held.size > 0) call('irn_batchSubscribe', { topics: [...held] }).catch((error: unknown) => log('Resubscribing failed.', error))
      })
      created.addEventListener('message', (event) => onFrame(event.data))
      created.addEventListener('error', () => {})
      created.addEventListener('close', () => {
        if (socket === created) socket = undefined
        if (!isOpen) {
          opening = undefined
          reject(new RelayError('Could not reach the WalletConnect relay.', -32000))
          return
        }
        failPending('The WalletConnect relay connection dropped.')
        reconnectLater()
      })
    })
    return opening
  }

  // A relay that accepts the socket but never answers must not leave a pairing waiting for ever.
  function call(method: string, params: unknown): Promise<unknown> {
    const id = String(payloadId(options.now()))
    return new Promise((resolve, reject) => {
      let late = false
      const cancel = options.schedule(() => {
        late = true
        pending.delete(id)
        reject(new RelayError(`The WalletConnect relay did not answer ${method} in time.`, -32000))
      }, RELAY_CALL_TIMEOUT_MS)
      const settle =
        <T>(done: (value: T) => void) =>
        (value: T) => {
          cancel()
          done(value)
        }
      open().then((ready) => {
        if (late) return
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) })
        ready.send(JSON.stringify({ id: Number(id), jsonrpc: '2.0', method, params }))
      }, settle(reject))
    })
  }

  return {
    async subscribe(topic) {
      held.add(topic)
      await call('irn_subscribe', { topic })
    },
    async unsubscribe(topic) {
      if (!held.delete(topic)) return
      if (socket?.readyState === OPEN) await call('irn_unsubscribe', { topic, id: topic }).catch(() => {})
    },
    async publish(topic, message, { ttl, tag, prompt = false }) {
      await call('irn_publish', { topic, message, ttl, tag, prompt })
    },
    topics: () => [...held],
    close() {
      closed = true
      cancelRetry?.()
      cancelRetry = undefined
      held.clear()
      failPending('The WalletConnect relay connection is closed.')
      socket?.close(1000)
      socket = undefined
    },
  }
}
