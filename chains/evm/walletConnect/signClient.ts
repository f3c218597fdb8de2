// The dApp side of WalletConnect Sign v2, written for Foyer: propose a session on a fresh pairing, take
// the wallet's settlement, send requests, and follow the wallet's events, updates, extensions, pings
// and deletion. Every message from the relay is opened with the topic's key and checked against a
// schema before it is used; anything that fails either is dropped. Sessions (their keys included)
// and the relay identity are kept through `storage`, so a reload restores them.
import * as v from 'valibot'
import { deriveSymKey, generateKeyPair, openEnvelope, randomKey, sealEnvelope, topicOf } from './crypto.js'
import { createRelayConnection, payloadId, type RelayConnection, type RelaySocketConstructor } from './relayConnection.js'

/** A settled session lasts seven days unless the wallet extends it. */
export const SESSION_EXPIRY_SECONDS = 7 * 24 * 60 * 60
/** A proposal (and so its pairing URI) is answerable for five minutes. */
export const PROPOSAL_TTL_SECONDS = 5 * 60
/** How long a request waits for the wallet: fifteen minutes, as WalletConnect's clients wait. */
export const REQUEST_TTL_SECONDS = 15 * 60
const ONE_DAY = 24 * 60 * 60
// The longest a timer can wait in browsers (2^31 − 1 ms); a longer expiry is checked again then.
const MAX_TIMER_MS = 2_147_483_647

// The protocol's tag of each message kind (request tag; its response is the next number).
const TAG = {
  pairingDelete: 1000,
  pairingPing: 1002,
  propose: 1100,
  settle: 1102,
  update: 1104,
  extend: 1106,
  request: 1108,
  event: 1110,
  delete: 1112,
  ping: 1114,
} as const

/** WalletConnect's "user disconnected", sent when the visitor ends a session here. */
export const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

export interface Metadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export interface Namespace {
  chains?: string[]
  accounts: string[]
  methods: string[]
  events: string[]
}

/** A settled session, as stored. */
export interface Session {
  topic: string
  /** The session's symmetric key (hex): whoever holds it speaks for this site in the session. */
  symKey: string
  pairingTopic: string
  peer: { publicKey: string; metadata: Metadata }
  namespaces: Record<string, Namespace>
  /** Unix seconds. */
  expiry: number
}

/** What the site asks for: per CAIP-2 namespace, the chains, methods and events. */
export type ProposalNamespaces = Record<string, { chains: string[]; methods: string[]; events: string[] }>

/** An error the wallet (or the protocol) answered with; `code` is WalletConnect's or the wallet's. */
export class WalletConnectError extends Error {
  override name = 'WalletConnectError'
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const Hex32Schema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
const MetadataSchema = v.object({
  name: v.fallback(v.string(), ''),
  description: v.fallback(v.string(), ''),
  url: v.fallback(v.string(), ''),
  icons: v.fallback(v.array(v.string()), []),
})
// CAIP-2 and CAIP-10 as the specs bound them.
const ChainSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
const AccountSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/))
const NamespaceSchema = v.object({
  chains: v.optional(v.array(ChainSchema)),
  accounts: v.array(AccountSchema),
  methods: v.array(v.string()),
  events: v.array(v.string()),
})
const NamespacesSchema = v.record(v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/)), NamespaceSchema)
const ExpirySchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0))

const SessionSchema = v.object({
  topic: Hex32Schema,
  symKey: Hex32Schema,
  pairingTopic: v.string(),
  peer: v.object({ publicKey: Hex32Schema, metadata: MetadataSchema }),
  namespaces: NamespacesSchema,
  expiry: ExpirySchema,
})

/** What the client keeps in storage. Anything else read back gives a fresh client with no sessions. */
export interface StoredSignClient {
  /** The relay identity (Ed25519 seed, hex). */
  seed: string
  sessions: Session[]
}
const StoredSchema = v.object({ seed: Hex32Schema, sessions: v.array(v.unknown()) })

const IdSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const RequestSchema = v.object({ id: IdSchema, method: v.string(), params: v.optional(v.unknown()) })
const ResultSchema = v.object({ id: IdSchema, result: v.unknown() })
const ErrorSchema = v.object({ id: IdSchema, error: v.object({ code: v.number(), message: v.string(), data: v.optional(v.unknown()) }) })

const ProposalResultSchema = v.object({ relay: v.object({ protocol: v.string() }), responderPublicKey: Hex32Schema })
const SettleSchema = v.object({
  relay: v.object({ protocol: v.string() }),
  namespaces: NamespacesSchema,
  controller: v.object({ publicKey: Hex32Schema, metadata: MetadataSchema }),
  expiry: ExpirySchema,
})
const EventSchema = v.object({ event: v.object({ name: v.string(), data: v.unknown() }), chainId: ChainSchema })
const UpdateSchema = v.object({ namespaces: NamespacesSchema })
const ExtendSchema = v.object({ expiry: ExpirySchema })

export interface SignClientStorage {
  /** What was last written, or anything (it is validated). */
  read(): unknown
  write(value: StoredSignClient): void
}

export interface SignClientOptions {
  relayUrl: string
  projectId: string
  metadata: Metadata
  storage: SignClientStorage
  /** @default globalThis.WebSocket */
  WebSocket?: RelaySocketConstructor
  /** Unix milliseconds. @default Date.now */
  now?: () => number
  /** Runs `callback` after `ms` and returns a cancel function. @default setTimeout */
  schedule?: (callback: () => void, ms: number) => () => void
  log?: (message: string, error?: unknown) => void
  /** A session event the wallet sent on one of the session's chains. */
  onEvent?: (topic: string, event: { name: string; data: unknown }, chainId: string) => void
  /** The wallet changed the session's namespaces. */
  onUpdate?: (topic: string) => void
  /** The session is gone: the wallet deleted it, or it expired. */
  onDelete?: (topic: string) => void
}

export interface SignClient {
  /** Proposes a session on a new pairing; `approval` settles with the session, or fails with the wallet's answer. */
  connect(parameters: { optionalNamespaces: ProposalNamespaces }): Promise<{ uri: string; approval: () => Promise<Session> }>
  /** Sends a request to the wallet in the session and resolves with its result (or rejects with its error). */
  request(parameters: { topic: string; chainId: string; request: { method: string; params?: unknown } }): Promise<unknown>
  /** Ends a session: tells the wallet, forgets the keys. */
  disconnect(parameters: { topic: string; reason?: { code: number; message: string } }): Promise<void>
  /** Resolves once the wallet answers a ping in the session. */
  ping(topic: string): Promise<void>
  /** The live sessions, newest expiry first. */
  sessions(): Session[]
  session(topic: string): Session | undefined
  /** Closes the relay socket and stops every timer; pending calls fail. */
  close(): void
}

interface PendingProposal {
  id: number
  symKey: string
  privateKey: string
  publicKey: string
  resolve(session: Session): void
  reject(error: Error): void
  cancel(): void
}

interface Settling {
  proposal: PendingProposal
  pairingTopic: string
  symKey: string
  responderPublicKey: string
}

interface PendingCall {
  topic: string
  resolve(result: unknown): void
  reject(error: Error): void
  cancel(): void
}

function chainsOf(namespace: Namespace): string[] {
  return [...new Set([...(namespace.chains ?? []), ...namespace.accounts.map((account) => account.split(':').slice(0, 2).join(':'))])]
}

function readStored(raw: unknown, nowSeconds: number): StoredSignClient & { pruned: boolean } {
  const parsed = v.safeParse(StoredSchema, raw)
  if (!parsed.success) return { seed: randomKey(), sessions: [], pruned: raw !== undefined }
  const sessions = parsed.output.sessions.flatMap((candidate) => {
    const session = v.safeParse(SessionSchema, candidate)
    // A session whose topic is not its key's hash was not written by this client.
    if (!session.success || session.output.topic !== topicOf(session.output.symKey) || session.output.expiry <= nowSeconds) return []
    return [session.output]
  })
  return { seed: parsed.output.seed, sessions, pruned: sessions.length !== parsed.output.sessions.length }
}

/**
 * A WalletConnect Sign client for the site's side. The relay socket opens on first use (a proposal,
 * or right away when stored sessions need their topics).
 *
 * @example
 * const client = createSignClient({ relayUrl, projectId, metadata, storage })
 * const { uri, approval } = await client.connect({ optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } } })
 */
export function createSignClient(options: SignClientOptions): SignClient {
  const now = options.now ?? Date.now
  const nowSeconds = () => Math.floor(now() / 1000)
  const schedule =
    options.schedule ??
    ((callback: () => void, ms: number) => {
      const timer = setTimeout(callback, ms)
      return () => clearTimeout(timer)
    })
  const log = (message: string, error?: unknown) => options.log?.(message, error)

  const stored = readStored(options.storage.read(), nowSeconds())
  const sessions = new Map(stored.sessions.map((session) => [session.topic, session]))
  const proposals = new Map<string, PendingProposal>()
  const settling = new Map<string, Settling>()
  const calls = new Map<number, PendingCall>()
  const expiryTimers = new Map<string, () => void>()
  let closed = false

  const relay: RelayConnection = createRelayConnection({
    url: options.relayUrl,
    projectId: options.projectId,
    seed: stored.seed,
    WebSocket: options.WebSocket,
    now,
    schedule,
    log,
    onMessage: (topic, message) => {
      try {
        onMessage(topic, message)
      } catch (error) {
        log('A WalletConnect message could not be handled.', error)
      }
    },
  })

  function save() {
    options.storage.write({ seed: stored.seed, sessions: [...sessions.values()] })
  }

  function keyOf(topic: string): string | undefined {
    return sessions.get(topic)?.symKey ?? settling.get(topic)?.symKey ?? proposals.get(topic)?.symKey
  }

  async function send(topic: string, payload: object, tag: number, ttl: number, prompt = false) {
    const symKey = keyOf(topic)
    if (!symKey) throw new WalletConnectError('No key for this WalletConnect topic.', 2000)
    await relay.publish(topic, sealEnvelope(symKey, JSON.stringify({ jsonrpc: '2.0', ...payload })), { ttl, tag, prompt })
  }

  function answer(topic: string, id: number, tag: number, ttl: number, result: unknown = true) {
    send(topic, { id, result }, tag + 1, ttl).catch((error: unknown) => log('Answering the wallet failed.', error))
  }

  function watchExpiry(session: Session) {
    expiryTimers.get(session.topic)?.()
    const wait = session.expiry * 1000 - now()
    expiryTimers.set(
      session.topic,
      schedule(
        () => {
          const current = sessions.get(session.topic)
          if (!current) return
          if (current.expiry * 1000 > now()) return watchExpiry(current)
          forget(session.topic)
          options.onDelete?.(session.topic)
        },
        Math.max(0, Math.min(wait, MAX_TIMER_MS)),
      ),
    )
  }

  function forget(topic: string) {
    expiryTimers.get(topic)?.()
    expiryTimers.delete(topic)
    for (const [id, call] of calls) {
      if (call.topic !== topic) continue
      calls.delete(id)
      call.cancel()
      call.reject(new WalletConnectError('The WalletConnect session has ended.', 6000))
    }
    if (sessions.delete(topic)) save()
    relay.unsubscribe(topic).catch(() => {})
  }

  function endProposal(pairingTopic: string) {
    const proposal = proposals.get(pairingTopic)
    if (!proposal) return
    proposals.delete(pairingTopic)
    proposal.cancel()
    relay.unsubscribe(pairingTopic).catch(() => {})
  }

  function parseJson(text: string): unknown {
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  }

  function onMessage(topic: string, message: string) {
    const symKey = keyOf(topic)
    if (!symKey) return
    const opened = openEnvelope(symKey, message)
    if (opened === undefined) return
    const payload = parseJson(opened)
    if (proposals.has(topic)) return onPairingMessage(topic, payload)
    if (settling.has(topic)) return onSettleMessage(topic, payload)
    if (sessions.has(topic)) return onSessionMessage(topic, payload)
  }

  function onPairingMessage(pairingTopic: string, payload: unknown) {
    const proposal = proposals.get(pairingTopic)!
    const request = v.safeParse(RequestSchema, payload)
    if (request.success) {
      if (request.output.method === 'wc_pairingPing') answer(pairingTopic, request.output.id, TAG.pairingPing, 30)
      else if (request.output.method === 'wc_pairingDelete') {
        answer(pairingTopic, request.output.id, TAG.pairingDelete, ONE_DAY)
        endProposal(pairingTopic)
        proposal.reject(new WalletConnectError('The wallet deleted the pairing.', 5000))
      }
      return
    }
    const failed = v.safeParse(ErrorSchema, payload)
    if (failed.success && failed.output.id === proposal.id) {
      endProposal(pairingTopic)
      const { code, message, data } = failed.output.error
      proposal.reject(new WalletConnectError(message, code, data))
      return
    }
    const result = v.safeParse(ResultSchema, payload)
    if (!result.success || result.output.id !== proposal.id) return
    const accepted = v.safeParse(ProposalResultSchema, result.output.result)
    if (!accepted.success) return
    const { responderPublicKey } = accepted.output
    const symKey = deriveSymKey(proposal.privateKey, responderPublicKey)
    const sessionTopic = topicOf(symKey)
    // The proposal is answered: its timer stops, and the settlement must come on the session topic.
    proposals.delete(pairingTopic)
    proposal.cancel()
    relay.unsubscribe(pairingTopic).catch(() => {})
    settling.set(sessionTopic, { proposal, pairingTopic, symKey, responderPublicKey })
    relay.subscribe(sessionTopic).catch((error: unknown) => {
      settling.delete(sessionTopic)
      proposal.reject(error instanceof Error ? error : new Error(String(error)))
    })
  }

  function onSettleMessage(sessionTopic: string, payload: unknown) {
    const pending = settling.get(sessionTopic)!
    const request = v.safeParse(RequestSchema, payload)
    if (!request.success || request.output.method !== 'wc_sessionSettle') return
    const settle = v.safeParse(SettleSchema, request.output.params)
    // Only the key that answered the proposal may settle it, and not for longer than seven days.
    if (!settle.success || settle.output.controller.publicKey !== pending.responderPublicKey) return
    if (settle.output.expiry <= nowSeconds()) return
    const session: Session = {
      topic: sessionTopic,
      symKey: pending.symKey,
      pairingTopic: pending.pairingTopic,
      peer: settle.output.controller,
      namespaces: settle.output.namespaces,
      expiry: Math.min(settle.output.expiry, nowSeconds() + SESSION_EXPIRY_SECONDS),
    }
    settling.delete(sessionTopic)
    sessions.set(sessionTopic, session)
    save()
    watchExpiry(session)
    answer(sessionTopic, request.output.id, TAG.settle, PROPOSAL_TTL_SECONDS)
    pending.proposal.resolve(session)
  }

  function onSessionMessage(topic: string, payload: unknown) {
    const session = sessions.get(topic)!
    const request = v.safeParse(RequestSchema, payload)
    if (request.success) {
      const { id, method, params } = request.output
      switch (method) {
        case 'wc_sessionEvent': {
          const event = v.safeParse(EventSchema, params)
          if (!event.success) return
          const { chainId } = event.output
          const namespace = session.namespaces[chainId.split(':')[0]!]
          // rules §7: only events the wallet declared, on chains it approved.
          if (!namespace || !chainsOf(namespace).includes(chainId) || !namespace.events.includes(event.output.event.name)) return
          answer(topic, id, TAG.event, PROPOSAL_TTL_SECONDS)
          options.onEvent?.(topic, event.output.event, chainId)
          return
        }
        case 'wc_sessionUpdate': {
          const update = v.safeParse(UpdateSchema, params)
          if (!update.success) return
          session.namespaces = update.output.namespaces
          save()
          answer(topic, id, TAG.update, ONE_DAY)
          options.onUpdate?.(topic)
          return
        }
        case 'wc_sessionExtend': {
          const extend = v.safeParse(ExtendSchema, params)
          if (!extend.success || extend.output.expiry <= session.expiry) return
          session.expiry = Math.min(extend.output.expiry, nowSeconds() + SESSION_EXPIRY_SECONDS)
          save()
          watchExpiry(session)
          answer(topic, id, TAG.extend, ONE_DAY)
          return
        }
        case 'wc_sessionPing':
          answer(topic, id, TAG.ping, ONE_DAY)
          return
        case 'wc_sessionDelete':
          answer(topic, id, TAG.delete, ONE_DAY)
          forget(topic)
          options.onDelete?.(topic)
          return
        default:
          return
      }
    }
    const failed = v.safeParse(ErrorSchema, payload)
    const succeeded = failed.success ? undefined : v.safeParse(ResultSchema, payload)
    const id = failed.success ? failed.output.id : succeeded?.success ? succeeded.output.id : undefined
    const call = id === undefined ? undefined : calls.get(id)
    if (!call || call.topic !== topic) return
    calls.delete(id!)
    call.cancel()
    if (failed.success) call.reject(new WalletConnectError(failed.output.error.message, failed.output.error.code, failed.output.error.data))
    else call.resolve(succeeded!.success ? succeeded!.output.result : undefined)
  }

  /** Sends a request in a session and waits (at most `ttl`) for the wallet's answer. */
  async function call(topic: string, method: string, params: unknown, tag: number, ttl: number, prompt: boolean): Promise<unknown> {
    if (closed) throw new WalletConnectError('The WalletConnect client is closed.', 6000)
    const session = sessions.get(topic)
    if (!session || session.expiry <= nowSeconds()) throw new WalletConnectError('The WalletConnect session has ended.', 6000)
    const id = payloadId(now())
    const result = new Promise<unknown>((resolve, reject) => {
      const cancel = schedule(() => {
        calls.delete(id)
        reject(new WalletConnectError('The wallet did not answer in time.', 8000))
      }, ttl * 1000)
      calls.set(id, { topic, resolve, reject, cancel })
    })
    try {
      await send(topic, { id, method, params }, tag, ttl, prompt)
    } catch (error) {
      calls.get(id)?.cancel()
      calls.delete(id)
      throw error
    }
    return result
  }

  // Stored sessions listen again at once, so what the wallet sent meanwhile arrives.
  for (const session of sessions.values()) {
    watchExpiry(session)
    relay.subscribe(session.topic).catch((error: unknown) => log('Subscribing to a stored WalletConnect session failed.', error))
  }
  // Stored sessions that failed validation or expired are gone from storage too.
  if (stored.pruned) save()

  return {
    async connect({ optionalNamespaces }) {
      if (closed) throw new WalletConnectError('The WalletConnect client is closed.', 6000)
      const symKey = randomKey()
      const pairingTopic = topicOf(symKey)
      const keys = generateKeyPair()
      const expiryTimestamp = nowSeconds() + PROPOSAL_TTL_SECONDS
      const id = payloadId(now())
      let settle!: { resolve(session: Session): void; reject(error: Error): void }
      const settled = new Promise<Session>((resolve, reject) => (settle = { resolve, reject }))
      // The approval is awaited later (or never, when the visitor closes the modal): never unhandled.
      settled.catch(() => {})
      const proposal: PendingProposal = {
        id,
        symKey,
        privateKey: keys.privateKey,
        publicKey: keys.publicKey,
        ...settle,
        cancel: schedule(() => {
          if (proposals.get(pairingTopic) !== proposal) return
          endProposal(pairingTopic)
          proposal.reject(new WalletConnectError('The pairing expired before a wallet answered.', 8000))
        }, PROPOSAL_TTL_SECONDS * 1000),
      }
      proposals.set(pairingTopic, proposal)
      try {
        await relay.subscribe(pairingTopic)
        const params = {
          id,
          requiredNamespaces: {},
          optionalNamespaces,
          relays: [{ protocol: 'irn' }],
          proposer: { publicKey: keys.publicKey, metadata: options.metadata },
          expiryTimestamp,
          pairingTopic,
        }
        await send(pairingTopic, { id, method: 'wc_sessionPropose', params }, TAG.propose, PROPOSAL_TTL_SECONDS, true)
      } catch (error) {
        endProposal(pairingTopic)
        throw error
      }
      const uri = `wc:${pairingTopic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${expiryTimestamp}`
      return { uri, approval: () => settled }
    },

    request({ topic, chainId, request }) {
      const params = { request: { ...request, expiryTimestamp: nowSeconds() + REQUEST_TTL_SECONDS }, chainId }
      return call(topic, 'wc_sessionRequest', params, TAG.request, REQUEST_TTL_SECONDS, true)
    },

    async disconnect({ topic, reason = USER_DISCONNECTED }) {
      if (!sessions.has(topic)) return
      try {
        await send(topic, { id: payloadId(now()), method: 'wc_sessionDelete', params: reason }, TAG.delete, ONE_DAY)
      } finally {
        forget(topic)
      }
    },

    async ping(topic) {
      await call(topic, 'wc_sessionPing', {}, TAG.ping, 30, false)
    },

    sessions: () => [...sessions.values()].filter((session) => session.expiry > nowSeconds()).sort((a, b) => b.expiry - a.expiry),
    session: (topic) => sessions.get(topic),

    close() {
      if (closed) return
      closed = true
      for (const cancel of expiryTimers.values()) cancel()
      expiryTimers.clear()
      for (const topic of [...proposals.keys()]) {
        const proposal = proposals.get(topic)!
        endProposal(topic)
        proposal.reject(new WalletConnectError('The WalletConnect client is closed.', 6000))
      }
      for (const pending of settling.values()) pending.proposal.reject(new WalletConnectError('The WalletConnect client is closed.', 6000))
      settling.clear()
      for (const [id, pending] of calls) {
        calls.delete(id)
        pending.cancel()
        pending.reject(new WalletConnectError('The WalletConnect client is closed.', 6000))
      }
      relay.close()
    },
  }
}
