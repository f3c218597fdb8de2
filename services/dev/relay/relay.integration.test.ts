// The local WalletConnect relay against two unmodified @walletconnect/sign-client instances (a dapp and a
// wallet) in Node, plus raw WebSocket clients for the relay protocol itself and for what a broken client
// might send. One relay for this file, on a free port.
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'

import {
  type LocalRelay,
  MAX_MESSAGE_BYTES,
  RelayPortInUseError,
  TAG_SESSION_PROPOSE,
  TAG_SESSION_PROPOSE_RESPONSE,
  TAG_SESSION_SETTLE,
  startRelay,
} from './index.mjs'

const ACCOUNT = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const EIP155 = {
  chains: ['eip155:31337'],
  methods: ['personal_sign', 'eth_sendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
}

let relay: LocalRelay
const internalErrors: string[] = []
const clients: InstanceType<typeof SignClient>[] = []
const sockets: WebSocket[] = []
let fetchSpy: ReturnType<typeof vi.spyOn>

beforeAll(async () => {
  // The SDK's own test switch (@walletconnect/utils isTestRun(): process.env.IS_VITEST === 'true', read
  // when a Core is built): its Verify service then neither registers attestations nor fetches
  // verify.walletconnect.org, and telemetry stays off, so nothing here leaves the machine.
  vi.stubEnv('IS_VITEST', 'true')
  // One Core per SignClient instead of the SDK's process-wide shared one.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  fetchSpy = vi.spyOn(globalThis, 'fetch')
  relay = await startRelay({ port: 0, log: (message) => internalErrors.push(message) })
})

afterEach(async () => {
  for (const client of clients.splice(0)) {
    await client.core.relayer.transportClose()
    client.core.heartbeat.stop()
  }
  for (const socket of sockets.splice(0)) socket.terminate()
  vi.useRealTimers()
})

afterAll(async () => {
  await relay?.stop()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  expect(internalErrors).toEqual([])
})

/** A fresh in-memory key-value store, so no two clients (and no two tests) share keys, sessions or a client id. */
function memoryStorage() {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T>() => [...entries.entries()] as [string, T][],
    getItem: async <T>(key: string) => entries.get(key) as T | undefined,
    setItem: async (key: string, value: unknown) => void entries.set(key, value),
    removeItem: async (key: string) => void entries.delete(key),
  }
}

async function signClient(name: string) {
  const client = await SignClient.init({
    projectId: 'foyer-test',
    relayUrl: relay.url,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name, description: `${name} (relay test)`, url: 'http://127.0.0.1', icons: [] },
  })
  clients.push(client)
  return client
}

/** The wallet approves every proposal with ACCOUNT and answers personal_sign with a fixed signature. */
function approveEverything(wallet: InstanceType<typeof SignClient>) {
  wallet.on('session_proposal', async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: { eip155: { ...EIP155, accounts: [ACCOUNT] } },
    })
    await wallet.approve({ id, namespaces })
  })
  wallet.on('session_request', async ({ id, topic, params }: SignClientTypes.EventArguments['session_request']) => {
    const [message, address] = params.request.params as [string, string]
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: `signed:${message}:${address}` } })
  })
}

// ---- raw WebSocket helpers -------------------------------------------------------------------------

type Frame = { id?: unknown; jsonrpc?: string; method?: string; params?: any; result?: any; error?: { code: number; message: string } }

/** A raw client with a fake relay JWT whose `iss` names it (the relay reads, never checks, it). */
async function rawClient(iss: string, { ackSubscriptions = true, autoPong = true } = {}) {
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
  const payload = Buffer.from(JSON.stringify({ iss, sub: 'test', aud: relay.url })).toString('base64url')
  const socket = new WebSocket(`${relay.url}/?auth=${header}.${payload}.sig&projectId=foyer-test&ua=test&useOnCloseEvent=true`, {
    autoPong,
  })
  sockets.push(socket)
  const frames: Frame[] = []
  const texts: string[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    const text = data.toString()
    texts.push(text)
    const frame = JSON.parse(text) as Frame
    frames.push(frame)
    if (ackSubscriptions && frame.method === 'irn_subscription') {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
    }
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  let calls = 0

  /** Resolves with the first frame (seen so far or arriving within 2 s) that matches. */
  async function waitFor(match: (frame: Frame) => boolean, what: string): Promise<Frame> {
    const deadline = Date.now() + 2000
    for (;;) {
      const found = frames.find(match)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no frame: ${what}; got ${JSON.stringify(frames)}`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  return {
    socket,
    frames,
    texts,
    waitFor,
    deliveries: () => frames.filter((frame) => frame.method === 'irn_subscription'),
    sendText: (text: string) => socket.send(text),
    /** Sends a request and resolves with its response. */
    async call(method: string, params?: unknown) {
      // String ids, so no answer is mistaken for one to a hand-written frame with a numeric id.
      const id = `call-${++calls}`
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return waitFor((frame) => frame.id === id && frame.method === undefined, `response to ${method}`)
    },
  }
}

/** Lets in-flight frames arrive (the relay answers on the next event-loop turns). */
const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms))

const topic = (name: string) => `${name}-${Math.random().toString(16).slice(2)}`

// ---- sign-client end to end -------------------------------------------------------------------------

describe('sign-client through the local relay', () => {
  it('a dapp and a wallet pair, settle a session, sign and disconnect', async () => {
    const started = performance.now()
    const dapp = await signClient('dapp')
    const wallet = await signClient('wallet')
    approveEverything(wallet)
    const timings: Record<string, number> = {}
    const lap = (step: string) => (timings[step] = Math.round(performance.now() - started))

    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: EIP155 } })
    lap('connect → uri')
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The wallet pairs after the proposal went out: it finds it in the pairing topic's mailbox.
    await wallet.pair({ uri: uri! })
    const session: SessionTypes.Struct = await approval()
    lap('pair → session')
    expect(session.namespaces['eip155']?.accounts).toEqual([ACCOUNT])
    expect(session.peer.metadata.name).toBe('wallet')
    expect(wallet.session.get(session.topic).peer.metadata.name).toBe('dapp')

    const signature = await dapp.request<string>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    lap('personal_sign')
    expect(signature).toBe(`signed:0x68656c6c6f:${ADDRESS}`)

    const deleted = new Promise<{ topic: string }>((resolve) => dapp.on('session_delete', resolve))
    await wallet.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    expect((await deleted).topic).toBe(session.topic)
    lap('disconnect → session_delete')

    // Verify: nothing fetched (IS_VITEST), and no step waited on it (the SDK's wait would be 5 s).
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(timings['disconnect → session_delete']).toBeLessThan(4000)
    console.info('[relay test] sign-client timings (ms since the clients were built):', timings)
  })

  it('a rejected proposal reaches the dapp as a rejection', async () => {
    const dapp = await signClient('dapp')
    const wallet = await signClient('wallet')
    wallet.on('session_proposal', async ({ id }: SignClientTypes.EventArguments['session_proposal']) => {
      await wallet.reject({ id, reason: getSdkError('USER_REJECTED') })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: EIP155 } })
    const outcome = approval()
    await wallet.pair({ uri: uri! })
    await expect(outcome).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code })
    expect(dapp.session.length).toBe(0)
  })

  it('a wallet that pairs after the dapp has gone offline still gets the proposal', async () => {
    const dapp = await signClient('dapp')
    const { uri } = await dapp.connect({ optionalNamespaces: { eip155: EIP155 } })
    // The dapp's socket goes away before any wallet subscribes; the proposal waits in the mailbox.
    await dapp.core.relayer.transportClose()
    const wallet = await signClient('wallet')
    const proposal = new Promise<SignClientTypes.EventArguments['session_proposal']>((resolve) => wallet.on('session_proposal', resolve))
    await wallet.pair({ uri: uri! })
    const { params } = await proposal
    expect(params.proposer.metadata.name).toBe('dapp')
    expect(params.optionalNamespaces['eip155']?.methods).toEqual(EIP155.methods)
  })
})

// ---- relay protocol, raw ----------------------------------------------------------------------------

describe('relay protocol', () => {
  it('publish reaches the other subscribers, never the publisher', async () => {
    const t = topic('live')
    const alice = await rawClient('did:key:alice')
    const bob = await rawClient('did:key:bob')
    const subscribed = await bob.call('irn_subscribe', { topic: t })
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/)
    await alice.call('irn_subscribe', { topic: t })
    expect((await alice.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108 })).result).toBe(true)
    const delivery = await bob.waitFor((frame) => frame.method === 'irn_subscription', 'delivery to bob')
    expect(delivery.params).toMatchObject({
      id: subscribed.result,
      data: { topic: t, message: 'hello', tag: 1108, publishedAt: expect.any(Number) },
    })
    await settle()
    expect(alice.deliveries()).toEqual([])
  })

  it('a late subscriber gets the mailbox once, in order, and an acked message is not sent again', async () => {
    const t = topic('mailbox')
    const alice = await rawClient('did:key:alice')
    await alice.call('irn_publish', { topic: t, message: 'first', ttl: 300 })
    await alice.call('irn_batchPublish', { messages: [{ topic: t, message: 'second', ttl: 300, tag: 7 }] })

    const bob = await rawClient('did:key:bob')
    await bob.call('irn_subscribe', { topic: t })
    await bob.waitFor((frame) => frame.params?.data?.message === 'second', 'second message')
    expect(bob.deliveries().map((frame) => frame.params.data.message)).toEqual(['first', 'second'])
    // Subscribing again on the same socket sends nothing twice.
    await bob.call('irn_subscribe', { topic: t })
    await settle()
    expect(bob.deliveries()).toHaveLength(2)

    // Bob reconnects (same client id): he acked both, so the mailbox has nothing for him…
    const bobAgain = await rawClient('did:key:bob')
    await bobAgain.call('irn_batchSubscribe', { topics: [t] })
    await settle()
    expect(bobAgain.deliveries()).toEqual([])
    // …but carol, another client, still finds both until their TTL runs out.
    const carol = await rawClient('did:key:carol')
    expect((await carol.call('irn_batchSubscribe', { topics: [t] })).result).toHaveLength(1)
    await carol.waitFor((frame) => frame.params?.data?.message === 'second', 'second message for carol')
    expect(carol.deliveries().map((frame) => frame.params.data.message)).toEqual(['first', 'second'])
  })

  it('an unacked delivery comes again after a reconnect', async () => {
    const t = topic('unacked')
    const alice = await rawClient('did:key:alice')
    await alice.call('irn_publish', { topic: t, message: 'keep me', ttl: 300 })
    const bob = await rawClient('did:key:bob', { ackSubscriptions: false })
    await bob.call('irn_subscribe', { topic: t })
    await bob.waitFor((frame) => frame.method === 'irn_subscription', 'first delivery')
    bob.socket.terminate()
    const bobAgain = await rawClient('did:key:bob')
    await bobAgain.call('irn_subscribe', { topic: t })
    const again = await bobAgain.waitFor((frame) => frame.method === 'irn_subscription', 'redelivery')
    expect(again.params.data.message).toBe('keep me')
  })

  it('messages expire with their TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const t = topic('ttl')
    const alice = await rawClient('did:key:alice')
    await alice.call('irn_publish', { topic: t, message: 'short', ttl: 30 })
    await alice.call('irn_publish', { topic: t, message: 'long', ttl: 300 })
    vi.setSystemTime(Date.now() + 31_000)
    const bob = await rawClient('did:key:bob')
    await bob.call('irn_subscribe', { topic: t })
    await bob.waitFor((frame) => frame.method === 'irn_subscription', 'the long-lived message')
    await settle()
    expect(bob.deliveries().map((frame) => frame.params.data.message)).toEqual(['long'])
  })

  it('the mailbox keeps the newest messages when a topic is over its cap', async () => {
    const capped = await startRelay({ port: 0, mailbox: { maxMessagesPerTopic: 2 } })
    try {
      const t = topic('cap')
      const publish = async (socket: WebSocket, message: string, id: number) => {
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_publish', params: { topic: t, message, ttl: 300 } }))
        await new Promise((resolve) => socket.once('message', resolve))
      }
      const alice = new WebSocket(capped.url)
      sockets.push(alice)
      await new Promise((resolve) => alice.once('open', resolve))
      for (const [index, message] of ['one', 'two', 'three'].entries()) await publish(alice, message, index + 1)
      expect(capped.stats().mailboxMessages).toBe(2)
      const bob = new WebSocket(capped.url)
      sockets.push(bob)
      const received: string[] = []
      bob.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Frame
        if (frame.method === 'irn_subscription') received.push(frame.params.data.message)
      })
      await new Promise((resolve) => bob.once('open', resolve))
      bob.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: t } }))
      await vi.waitFor(() => expect(received).toEqual(['two', 'three']))
    } finally {
      await capped.stop()
    }
  })

  it('irn_batchFetchMessages hands over the mailbox', async () => {
    const t = topic('fetch')
    const alice = await rawClient('did:key:alice')
    await alice.call('irn_publish', { topic: t, message: 'waiting', ttl: 300, tag: 3, attestation: 'jwt' })
    const bob = await rawClient('did:key:bob')
    const fetched = await bob.call('irn_batchFetchMessages', { topics: [t] })
    expect(fetched.result).toEqual({
      messages: [{ topic: t, message: 'waiting', publishedAt: expect.any(Number), tag: 3, attestation: 'jwt' }],
      hasMore: false,
    })
    // Fetched counts as received: neither a second fetch nor a subscribe repeats it.
    expect((await bob.call('irn_batchFetchMessages', { topics: [t] })).result).toEqual({ messages: [], hasMore: false })
    await bob.call('irn_subscribe', { topic: t })
    await settle()
    expect(bob.deliveries()).toEqual([])
    // The publisher never fetches its own messages.
    expect((await alice.call('irn_batchFetchMessages', { topics: [t] })).result).toEqual({ messages: [], hasMore: false })
  })

  it('after irn_unsubscribe / irn_batchUnsubscribe nothing more is delivered', async () => {
    const [t1, t2] = [topic('unsub'), topic('unsub')]
    const alice = await rawClient('did:key:alice')
    const bob = await rawClient('did:key:bob')
    const [id1, id2] = (await bob.call('irn_batchSubscribe', { topics: [t1, t2] })).result as string[]
    expect((await bob.call('irn_unsubscribe', { topic: t1, id: id1 })).result).toBe(true)
    expect((await bob.call('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: id2 }] })).result).toBe(true)
    await alice.call('irn_publish', { topic: t1, message: 'gone', ttl: 300 })
    await alice.call('irn_publish', { topic: t2, message: 'gone', ttl: 300 })
    await settle()
    expect(bob.deliveries()).toEqual([])
  })

  it('wc_proposeSession and wc_approveSession subscribe their sender and publish what they carry', async () => {
    const [pairingTopic, sessionTopic] = [topic('pairing'), topic('session')]
    const dapp = await rawClient('did:key:dapp')
    const wallet = await rawClient('did:key:wallet')
    expect((await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, attestation: 'att' })).result).toBe(
      true,
    )
    // The wallet pairs later and finds the proposal.
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    const proposal = await wallet.waitFor((frame) => frame.method === 'irn_subscription', 'proposal')
    expect(proposal.params.data).toMatchObject({ topic: pairingTopic, message: 'proposal', tag: TAG_SESSION_PROPOSE, attestation: 'att' })

    const approved = await wallet.call('wc_approveSession', {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
      correlationId: 1,
    })
    expect(approved.result).toBe(true)
    // The dapp was subscribed to the pairing topic by wc_proposeSession.
    const response = await dapp.waitFor((frame) => frame.params?.data?.message === 'response', 'proposal response')
    expect(response.params.data).toMatchObject({ topic: pairingTopic, tag: TAG_SESSION_PROPOSE_RESPONSE })
    // The dapp subscribes to the session topic once it has derived it; the settlement waits there.
    await dapp.call('irn_subscribe', { topic: sessionTopic })
    const settlement = await dapp.waitFor((frame) => frame.params?.data?.message === 'settle', 'settlement')
    expect(settlement.params.data).toMatchObject({ topic: sessionTopic, tag: TAG_SESSION_SETTLE })
    // The wallet was subscribed to the session topic by wc_approveSession.
    await dapp.call('irn_publish', { topic: sessionTopic, message: 'request', ttl: 300 })
    await wallet.waitFor((frame) => frame.params?.data?.message === 'request', 'request on the session topic')
    await settle()
    expect(wallet.deliveries().map((frame) => frame.params.data.message)).toEqual(['proposal', 'request'])
  })

  it('request ids beyond 2^53 come back digit for digit', async () => {
    const client = await rawClient('did:key:ids')
    client.sendText(`{"id":1795318144813792768123,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic('id')}"}}`)
    client.sendText('{"id":"1795318144813792768","jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"t"}}')
    await vi.waitFor(() => expect(client.texts).toHaveLength(2))
    expect(client.texts[0]).toMatch(/"id":1795318144813792768123}$/)
    expect(client.texts[1]).toBe('{"jsonrpc":"2.0","result":true,"id":"1795318144813792768"}')
  })

  it('the relay pings every socket and drops one that stops answering', async () => {
    const fast = await startRelay({ port: 0, pingIntervalMs: 40 })
    try {
      const answering = new WebSocket(fast.url)
      const silent = new WebSocket(fast.url, { autoPong: false })
      sockets.push(answering, silent)
      let pings = 0
      answering.on('ping', () => pings++)
      const closed = new Promise((resolve) => silent.once('close', resolve))
      await closed
      expect(pings).toBeGreaterThanOrEqual(2)
      expect(answering.readyState).toBe(WebSocket.OPEN)
    } finally {
      await fast.stop()
    }
  })
})

// ---- malformed input -------------------------------------------------------------------------------

describe('malformed input', () => {
  it('broken frames get JSON-RPC errors and the socket stays open', async () => {
    const client = await rawClient('did:key:broken')
    const cases: Array<[string, number]> = [
      ['not json', -32700],
      ['{"id":1,', -32700],
      ['42', -32600],
      ['[]', -32600],
      ['{"id":2,"method":"irn_subscribe","params":{"topic":"t"}}', -32600], // no jsonrpc
      ['{"id":3,"jsonrpc":"2.0","method":7}', -32600],
      ['{"id":{},"jsonrpc":"2.0","method":"irn_subscribe"}', -32600],
      ['{"id":4,"jsonrpc":"2.0","method":"irn_nope","params":{}}', -32601],
      ['{"id":5,"jsonrpc":"2.0","method":"irn_subscribe"}', -32602],
      ['{"id":6,"jsonrpc":"2.0","method":"irn_subscribe","params":["t"]}', -32602],
      ['{"id":7,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"t","message":"m","ttl":-1}}', -32602],
      ['{"id":8,"jsonrpc":"2.0","method":"irn_batchSubscribe","params":{"topics":"t"}}', -32602],
      ['{"id":9,"jsonrpc":"2.0","method":"wc_approveSession","params":{"pairingTopic":"p"}}', -32602],
      ['{"id":10,"jsonrpc":"2.0","method":"toString","params":{}}', -32601],
    ]
    /** The first frame that arrives after `send` runs. */
    const answerTo = async (what: string, send: () => void) => {
      const before = client.frames.length
      send()
      return client.waitFor((frame) => client.frames.indexOf(frame) >= before, what)
    }
    for (const [text, code] of cases) {
      const answer = await answerTo(text, () => client.sendText(text))
      expect(answer.error?.code, text).toBe(code)
    }
    const binary = await answerTo('binary frame', () => client.socket.send(Buffer.from('{"id":11}'), { binary: true }))
    expect(binary.error?.code).toBe(-32600)

    const tooBig = await client.call('irn_publish', { topic: 't', message: 'x'.repeat(MAX_MESSAGE_BYTES + 1), ttl: 300 })
    expect(tooBig.error).toMatchObject({ code: -32602, message: expect.stringContaining(`${MAX_MESSAGE_BYTES}`) })

    // A batch answers per call; a notification (no id) gets no answer.
    client.sendText(
      '[{"id":20,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"b"}},{"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"b"}},{"id":21,"jsonrpc":"2.0","method":"nope"}]',
    )
    await vi.waitFor(() => expect(client.texts.at(-1)).toMatch(/^\[/))
    expect(JSON.parse(client.texts.at(-1)!)).toMatchObject([
      { id: 20, result: expect.any(String) },
      { id: 21, error: { code: -32601 } },
    ])

    // Still open and serving.
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
    expect((await client.call('irn_subscribe', { topic: topic('after') })).result).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a connection without an auth JWT is still served (development only: nothing is verified)', async () => {
    const socket = new WebSocket(`${relay.url}/any/path?auth=garbage`)
    sockets.push(socket)
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"x"}}')
    const answer = JSON.parse(String(await new Promise((resolve) => socket.once('message', resolve)))) as Frame
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
  })

  it('HTTP GET answers a health summary', async () => {
    const summary = await fetch(`${relay.httpUrl}/`).then((response) => response.json())
    expect(summary).toMatchObject({ status: 'ok', service: 'foyer-walletconnect-relay', connections: expect.any(Number) })
    expect(await fetch(`${relay.httpUrl}/health`).then((response) => response.text())).toBe('ok')
    expect((await fetch(relay.httpUrl, { method: 'POST', body: '{}' })).status).toBe(405)
    fetchSpy.mockClear()
  })

  it('a taken port fails with a message naming FOYER_RELAY_PORT', async () => {
    const attempt = startRelay({ port: relay.port })
    await expect(attempt).rejects.toBeInstanceOf(RelayPortInUseError)
    await expect(attempt).rejects.toThrow(/FOYER_RELAY_PORT/)
  })
})
