// Foyer's own WalletConnect client against an unmodified @walletconnect/sign-client wallet
// (test/walletConnectWallet.ts) through the project's real local relay (services/dev/relay): pairing,
// approval and rejection, signing, switching, events, deletion from either side, restore from storage
// and reconnecting after the relay drops the socket. Nothing is mocked.
import { verifyMessage } from 'viem'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../../services/dev/devchain/index.mjs'
import { startRelay, type LocalRelay } from '../../../services/dev/relay/index.mjs'
import { createWalletConnectWallet, type WalletConnectWallet, type WalletConnectWalletOptions } from '../../../test/walletConnectWallet.js'
import { sealEnvelope } from './crypto.js'
import type { RelaySocket, RelaySocketConstructor } from './relayConnection.js'
import { createSignClient, type SignClient, type SignClientOptions, type StoredSignClient } from './signClient.js'

const [first] = ANVIL_ACCOUNTS as unknown as [(typeof ANVIL_ACCOUNTS)[0]]
const WAIT = { timeout: 10_000, interval: 20 }
const RELAY_TEST = { timeout: 30_000 }
const metadata = { name: 'Foyer test', description: 'A site in the test process', url: 'http://127.0.0.1', icons: [] }
const eip155 = (chains: number[]) => ({
  eip155: {
    chains: chains.map((id) => `eip155:${id}`),
    methods: ['personal_sign', 'wallet_switchEthereumChain'],
    events: ['accountsChanged', 'chainChanged'],
  },
})

let relay: LocalRelay
const clients: SignClient[] = []
const wallets: WalletConnectWallet[] = []
/** Every socket our clients opened, so a test can drop one as the relay would. */
const sockets: RelaySocket[] = []
const RecordingSocket = class extends WebSocket {
  constructor(url: string) {
    super(url)
    sockets.push(this as unknown as RelaySocket)
  }
} as unknown as RelaySocketConstructor

beforeAll(async () => {
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  vi.stubEnv('IS_VITEST', 'true')
  relay = await startRelay({ port: 0 })
})

afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  for (const wallet of wallets.splice(0)) await wallet.close()
  sockets.splice(0)
})

afterAll(async () => {
  await relay?.stop()
  vi.unstubAllEnvs()
})

function memoryStorage(initial?: unknown) {
  const box = { value: initial as unknown }
  return {
    box,
    storage: {
      read: () => box.value,
      write: (value: StoredSignClient) => {
        box.value = structuredClone(value)
      },
    },
  }
}

function clientWith(options: Partial<SignClientOptions> = {}) {
  const events: Array<{ topic: string; name: string; data: unknown; chainId: string }> = []
  const deleted: string[] = []
  const updated: string[] = []
  const client = createSignClient({
    relayUrl: relay.url,
    projectId: 'foyer-test',
    metadata,
    storage: memoryStorage().storage,
    WebSocket: RecordingSocket,
    onEvent: (topic, event, chainId) => events.push({ topic, ...event, chainId }),
    onDelete: (topic) => deleted.push(topic),
    onUpdate: (topic) => updated.push(topic),
    ...options,
  })
  clients.push(client)
  return { client, events, deleted, updated }
}

async function walletWith(options: Partial<WalletConnectWalletOptions> = {}) {
  const wallet = await createWalletConnectWallet({ relayUrl: relay.url, privateKey: first.privateKey, chains: [31337, 31338], ...options })
  wallets.push(wallet)
  return wallet
}

async function paired(client: SignClient, wallet: WalletConnectWallet, chains = [31337, 31338]) {
  const { uri, approval } = await client.connect({ optionalNamespaces: eip155(chains) })
  const [session] = await Promise.all([approval(), wallet.pair(uri)])
  return session
}

describe('walletConnect signClient', () => {
  it('pairs with the SDK wallet, which settles the chains and account it approved', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith()
    const { uri, approval } = await client.connect({ optionalNamespaces: eip155([31337, 31338]) })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?relay-protocol=irn&symKey=[0-9a-f]{64}&expiryTimestamp=\d+$/)
    const [session, theirs] = await Promise.all([approval(), wallet.pair(uri)])
    expect(session.topic).toBe(theirs.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.address}`, `eip155:31338:${wallet.address}`])
    expect(session.peer.metadata.name).toBe('Test WalletConnect Wallet')
    expect(client.sessions().map((s) => s.topic)).toEqual([session.topic])
    // The wallet sees its settlement acknowledged.
    await vi.waitFor(() => expect(wallet.sessions()[0]?.acknowledged).toBe(true), WAIT)
  })

  it('user rejected request — the approval fails with the wallet’s code', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith({ proposal: 'reject' })
    const { uri, approval } = await client.connect({ optionalNamespaces: eip155([31337]) })
    await wallet.client.pair({ uri })
    await expect(approval()).rejects.toMatchObject({ name: 'WalletConnectError', code: 5000 })
    expect(client.sessions()).toEqual([])
  })

  it('personal_sign is signed by the wallet’s key and verifies with viem', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    const message = 'Sign in to Foyer'
    const signature = (await client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [message, wallet.address] },
    })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
  })

  it('the wallet’s errors come back with their code; switching chain is answered', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    await expect(
      client.request({
        topic: session.topic,
        chainId: 'eip155:31338',
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      }),
    ).resolves.toBeNull()
    wallet.answer('personal_sign', 'reject')
    await expect(
      client.request({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: ['0x00', wallet.address] },
      }),
    ).rejects.toMatchObject({ code: 5000 })
    wallet.answer('personal_sign', 'fail')
    await expect(
      client.request({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: ['0x00', wallet.address] },
      }),
    ).rejects.toMatchObject({
      name: 'WalletConnectError',
      code: -32603,
    })
  })

  it('session events arrive, and only on approved chains and declared events', RELAY_TEST, async () => {
    const { client, events } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await wallet.emit('accountsChanged', [`eip155:31337:${wallet.address}`], 'eip155:31337')
    await vi.waitFor(() => expect(events).toHaveLength(2), WAIT)
    expect(events).toEqual([
      { topic: session.topic, name: 'chainChanged', data: 31338, chainId: 'eip155:31338' },
      { topic: session.topic, name: 'accountsChanged', data: [`eip155:31337:${wallet.address}`], chainId: 'eip155:31337' },
    ])
  })

  it('the wallet deletes the session — the client forgets it and says so', RELAY_TEST, async () => {
    const { client, deleted } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    await wallet.disconnect(session.topic)
    await vi.waitFor(() => expect(deleted).toEqual([session.topic]), WAIT)
    expect(client.sessions()).toEqual([])
    await expect(
      client.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign' } }),
    ).rejects.toMatchObject({ code: 6000 })
  })

  it('the site deletes the session — the wallet hears it', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    const gone = new Promise((resolve) => wallet.client.on('session_delete', resolve))
    await client.disconnect({ topic: session.topic })
    await gone
    expect(client.sessions()).toEqual([])
    expect(wallet.sessions()).toEqual([])
  })

  it('a ping in the session is answered by the wallet', RELAY_TEST, async () => {
    const { client } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    await expect(client.ping(session.topic)).resolves.toBeUndefined()
  })

  it('a session restored from storage still signs, and hears the wallet delete it', RELAY_TEST, async () => {
    const first = memoryStorage()
    const { client } = clientWith({ storage: first.storage })
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    client.close()
    const { client: restored, deleted } = clientWith({ storage: memoryStorage(first.box.value).storage })
    expect(restored.sessions().map((s) => s.topic)).toEqual([session.topic])
    const signature = (await restored.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['restored', wallet.address] },
    })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message: 'restored', signature })).toBe(true)
    await wallet.disconnect(session.topic)
    await vi.waitFor(() => expect(deleted).toEqual([session.topic]), WAIT)
  })

  it('the session expires after the seven days the wallet gave it, and the proposal after five minutes', RELAY_TEST, async () => {
    let clock = Date.now()
    const timers: Array<{ at: number; run: () => void; live: boolean }> = []
    const schedule = (run: () => void, ms: number) => {
      const timer = { at: clock + ms, run, live: true }
      timers.push(timer)
      return () => {
        timer.live = false
      }
    }
    const advance = (ms: number) => {
      clock += ms
      for (const timer of timers.filter((candidate) => candidate.live && candidate.at <= clock)) {
        timer.live = false
        timer.run()
      }
    }
    const { client, deleted } = clientWith({ now: () => clock, schedule })
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    expect(session.expiry).toBeGreaterThan(clock / 1000 + 7 * 86_400 - 60)
    advance(7 * 86_400_000 - 120_000)
    expect(deleted).toEqual([])
    advance(240_000)
    expect(deleted).toEqual([session.topic])
    expect(client.sessions()).toEqual([])
    const { approval } = await client.connect({ optionalNamespaces: eip155([31337]) })
    advance(5 * 60_000)
    await expect(approval()).rejects.toMatchObject({ code: 8000 })
  })

  it('bad stored data gives a fresh client, never a crash', async () => {
    const session = {
      topic: 'a'.repeat(64),
      symKey: 'b'.repeat(64),
      pairingTopic: 'c',
      peer: { publicKey: 'd'.repeat(64), metadata },
      namespaces: {},
      expiry: 2 ** 31,
    }
    for (const junk of [
      undefined,
      null,
      'text',
      42,
      { seed: 'short', sessions: [] },
      { seed: 'e'.repeat(64), sessions: [session, { nope: true }] },
    ]) {
      const { storage, box } = memoryStorage(junk)
      const { client } = clientWith({ storage })
      // The forged session fails the topic = sha256(symKey) check; the junk entry fails the schema.
      expect(client.sessions()).toEqual([])
      if (junk && typeof junk === 'object' && 'sessions' in junk && junk.seed.length === 64)
        expect(box.value).toEqual({ seed: 'e'.repeat(64), sessions: [] })
      client.close()
    }
  })

  it('reconnects after the relay drops the socket, and the session keeps working both ways', RELAY_TEST, async () => {
    const { client, events } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    const dropped = sockets.at(-1) as unknown as WebSocket
    dropped.terminate()
    // While the site is away the wallet sends an event: the relay's mailbox keeps it for the resubscription.
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(() => expect(events.map((event) => event.name)).toEqual(['chainChanged']), WAIT)
    expect(sockets.length).toBeGreaterThan(1)
    const signature = (await client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['again', wallet.address] },
    })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message: 'again', signature })).toBe(true)
  })

  it('a message sealed with another key, or an event off the approved chains and events, is ignored', RELAY_TEST, async () => {
    const { client, events, deleted } = clientWith()
    const wallet = await walletWith()
    const session = await paired(client, wallet)
    // A stranger who knows the topic (not the key) publishes a delete and an event: nothing happens.
    const stranger = new WebSocket(relay.url)
    await new Promise((resolve) => stranger.once('open', resolve))
    const forged = (method: string, params: unknown, symKey = 'f'.repeat(64)) =>
      stranger.send(
        JSON.stringify({
          id: 1,
          jsonrpc: '2.0',
          method: 'irn_publish',
          params: {
            topic: session.topic,
            message: sealEnvelope(symKey, JSON.stringify({ id: 7, jsonrpc: '2.0', method, params })),
            ttl: 300,
            tag: 1112,
          },
        }),
      )
    forged('wc_sessionDelete', { code: 6000, message: 'forged' })
    forged('wc_sessionEvent', { event: { name: 'chainChanged', data: 1 }, chainId: 'eip155:1' })
    // Sealed with the session's own key (as the wallet could): a chain it never approved, an event it never declared.
    forged('wc_sessionEvent', { event: { name: 'chainChanged', data: 1 }, chainId: 'eip155:1' }, session.symKey)
    forged('wc_sessionEvent', { event: { name: 'message', data: 'hi' }, chainId: 'eip155:31337' }, session.symKey)
    forged('wc_sessionEvent', { event: { name: 'chainChanged' }, chainId: 'not a chain' }, session.symKey)
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(() => expect(events).toHaveLength(1), WAIT)
    expect(events[0]).toMatchObject({ chainId: 'eip155:31338' })
    expect(deleted).toEqual([])
    expect(client.sessions()).toHaveLength(1)
    stranger.close()
  })
})

describe('walletConnect relay connection', () => {
  it('a relay that never answers fails the proposal after the call timeout instead of hanging', async () => {
    const { WebSocketServer } = await import('ws')
    // Accepts sockets, reads frames, answers nothing.
    const silent = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => silent.once('listening', resolve))
    const port = (silent.address() as { port: number }).port
    const timers: Array<() => void> = []
    const schedule = (run: () => void) => {
      timers.push(run)
      return () => {}
    }
    try {
      const { client } = clientWith({ relayUrl: `ws://127.0.0.1:${port}`, schedule })
      const proposing = client.connect({ optionalNamespaces: eip155([31337]) })
      // The proposal's 5-minute timer is scheduled first, then the call's: firing that one is the 10 s passing.
      await vi.waitFor(() => expect(timers.length).toBeGreaterThan(1), WAIT)
      for (const run of timers.splice(1)) run()
      await expect(proposing).rejects.toMatchObject({
        name: 'RelayError',
        message: 'The WalletConnect relay did not answer irn_subscribe in time.',
      })
    } finally {
      for (const socket of silent.clients) socket.terminate()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
