// WalletConnect in the EVM chain against the real local relay (services/dev/relay) and a real
// wallet-side @walletconnect/sign-client that signs with anvil's first key. Nothing is mocked: the
// kernel pairs, connects, signs, switches and disconnects through the relay. One relay per file.
import { verifyMessage } from 'viem'
import * as v from 'valibot'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  connect,
  disconnect,
  signMessage,
  switchNetwork,
  isFoyerError,
  createMemoryBackend,
  readRecentWallets,
  type StorageBackend,
  StorageToken,
} from 'foyer'
import type { Kernel, FoyerOptions } from 'foyer'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { startRelay, type LocalRelay } from '../../services/dev/relay/index.mjs'
import { testKernel } from '../../test/fixtures.js'
import { createWalletConnectWallet, type WalletConnectWallet, type WalletConnectWalletOptions } from '../../test/walletConnectWallet.js'
import { evm, evmNetwork, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID } from './index.js'
import { loadWalletConnect } from './loadWalletConnect.js'

const [first] = ANVIL_ACCOUNTS as unknown as [(typeof ANVIL_ACCOUNTS)[0]]
// The RPC URLs are never called: accounts, chain and signatures all come through the wallet.
const network = (id: number, name: string) =>
  evmNetwork({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  })
const local = network(31337, 'Local')
const localB = network(31338, 'Local B')

// Generous: the relay round trips are quick, but the unit project runs many files at once.
const WAIT = { timeout: 10_000, interval: 20 }
/** A test here makes several round trips through the real relay, and one waits out the real 1 s retry: more than vitest's 5 s default on a busy machine. */
const RELAY_TEST = { timeout: 30_000 }

let relay: LocalRelay
const kernels: Kernel[] = []
const wallets: WalletConnectWallet[] = []

beforeAll(async () => {
  // One Core per sign-client (the wallet's and each kernel's), not the SDK's process-wide one.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  // The SDK's own test switch: no Verify and no telemetry calls from the wallet side.
  vi.stubEnv('IS_VITEST', 'true')
  relay = await startRelay({ port: 0 })
})

// Discovery looks for browser wallets on window; here there are none.
beforeEach(() => {
  vi.stubGlobal('window', new EventTarget())
  // Node 20 has no WebSocket; browsers (and Node 22) do. `ws` is the same WHATWG interface.
  vi.stubGlobal('WebSocket', WebSocket)
})

afterEach(async () => {
  for (const kernel of kernels.splice(0)) await kernel.destroy()
  for (const wallet of wallets.splice(0)) await wallet.close()
  vi.unstubAllGlobals()
})

afterAll(async () => {
  await relay?.stop()
  vi.unstubAllEnvs()
})

function kernelWith(options: FoyerOptions = {}) {
  const kernel = testKernel({
    plugins: [evm({ networks: [local, localB], walletConnect: { projectId: 'foyer-test', relayUrl: relay.url } })],
    ...options,
  })
  kernels.push(kernel)
  return kernel
}

async function walletWith(options: Partial<WalletConnectWalletOptions> = {}) {
  const wallet = await createWalletConnectWallet({ relayUrl: relay.url, privateKey: first.privateKey, ...options })
  wallets.push(wallet)
  return wallet
}

const stateOf = (kernel: Kernel) => ({
  pairing: () => kernel.store.getState().pairing,
  evm: () => kernel.store.getState().connection.namespaces['eip155'],
  remembered: () => kernel.container.resolve(StorageToken).read(LAST_CONNECTOR_KEY, v.string()),
})

/** Starts the kernel's pairing and returns the URI once it is shown. */
async function pairingUri(kernel: Kernel) {
  const pairing = await kernel.chains.require('eip155').capabilities!.walletConnect!.pairing(kernel)
  pairing.start()
  const uri = await vi.waitFor(() => {
    const state = kernel.store.getState().pairing
    if (state.status !== 'ready') throw new Error(`pairing is ${state.status}`)
    return state.uri
  }, WAIT)
  return { pairing, uri }
}

/** Pairs a fresh kernel with a fresh wallet and waits until the kernel is connected. */
async function pairedKernel(options: FoyerOptions = {}, walletOptions: Partial<WalletConnectWalletOptions> = {}) {
  const kernel = kernelWith(options)
  const wallet = await walletWith(walletOptions)
  const { uri } = await pairingUri(kernel)
  const session = await wallet.pair(uri)
  await vi.waitFor(() => expect(stateOf(kernel).evm()?.status).toBe('connected'), WAIT)
  return { kernel, wallet, session, ...stateOf(kernel) }
}

describe('walletConnect: options and manifest', () => {
  it("a 'WalletConnect' connector first, the two views, and nothing of WalletConnect without the option", () => {
    const kernel = kernelWith()
    expect(kernel.store.getState().connection.connectors).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', namespaces: ['eip155'], type: 'walletConnect' },
    ])
    expect(kernel.views.get('ConnectingWalletConnect')?.title).toBe('connecting.title')
    expect(kernel.views.get('ConnectingWalletConnectBasic')?.title).toBe('evm.wc.title')
    expect(kernel.store.getState().pairing).toEqual({ status: 'idle' })

    const plain = testKernel({ plugins: [evm({ networks: [local] })] })
    kernels.push(plain)
    expect(plain.views.get('ConnectingWalletConnect')).toBeUndefined()
    expect(plain.views.get('ConnectingWalletConnectBasic')).toBeUndefined()
    expect(plain.store.getState().connection.connectors).toEqual([])
    expect(plain.chains.require('eip155').capabilities?.walletConnect).toBeUndefined()
  })

  it('rules §2 opening rule — manual WalletConnect control opens ConnectingWalletConnectBasic on desktop', async () => {
    const { openModal } = await import('../../kernel/core/modal.js')
    const kernel = kernelWith({ manualWCControl: true })
    openModal(kernel)
    expect(kernel.router.current().view).toBe('ConnectingWalletConnectBasic')
  })

  it("a missing viem is 'Install viem…'; a failed chunk load is passed on as it is", async () => {
    const missing = new Error("Cannot find package 'viem' imported from /app/dist/chunks/walletConnect.js")
    const error = await loadWalletConnect(() => Promise.reject(missing)).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'ViemNotInstalledError')).toBe(true)
    const offline = new TypeError('Failed to fetch dynamically imported module')
    await expect(loadWalletConnect(() => Promise.reject(offline))).rejects.toBe(offline)
  })
})

describe('walletConnect: pairing through the local relay', RELAY_TEST, () => {
  it('pairing → session → personal_sign → the wallet disconnects → the kernel is disconnected', async () => {
    const { kernel, wallet, session, pairing, evm: state, remembered } = await pairedKernel()
    expect(pairing().status).toBe('connected')
    expect(state()).toMatchObject({ status: 'connected', connectorId: 'walletConnect', address: first.address, networkId: 'eip155:31337' })
    expect(session.namespaces['eip155']?.chains).toEqual(['eip155:31337'])
    expect(remembered()).toBe(WALLET_CONNECT_ID)
    expect(readRecentWallets(kernel.container.resolve(StorageToken))[0]).toMatchObject({ id: 'walletConnect', name: 'WalletConnect' })

    const { signature } = await signMessage(kernel, { message: 'Hello over WalletConnect' })
    expect(
      await verifyMessage({ address: first.address, message: 'Hello over WalletConnect', signature: signature as `0x${string}` }),
    ).toBe(true)
    expect(wallet.requests).toMatchObject([{ method: 'personal_sign', chainId: 'eip155:31337' }])

    await wallet.disconnect()
    await vi.waitFor(() => expect(state()?.status).toBe('disconnected'), WAIT)
    expect(remembered()).toBeUndefined()
  })

  it('the proposal offers every configured network and the methods and events Foyer uses', async () => {
    const kernel = kernelWith()
    const wallet = await walletWith()
    const proposal = new Promise<{ optionalNamespaces: Record<string, unknown> }>((resolve) =>
      wallet.client.once('session_proposal', ({ params }) => resolve(params)),
    )
    const { uri } = await pairingUri(kernel)
    wallet.answer('proposal', 'reject')
    await wallet.client.pair({ uri })
    expect((await proposal).optionalNamespaces['eip155']).toEqual({
      chains: ['eip155:31337', 'eip155:31338'],
      methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
      events: ['accountsChanged', 'chainChanged'],
    })
  })

  it("a rejected proposal is 'Connection rejected'; the retry waits 1 s and makes a new URI that connects", async () => {
    const kernel = kernelWith()
    const wallet = await walletWith({ proposal: 'reject' })
    const { pairing, uri } = await pairingUri(kernel)
    await wallet.client.pair({ uri })
    await vi.waitFor(() => expect(kernel.store.getState().pairing.status).toBe('rejected'), WAIT)
    const rejected = kernel.store.getState().pairing as { retryAt: number }
    expect(stateOf(kernel).evm()?.status ?? 'disconnected').toBe('disconnected')

    pairing.retry()
    // rules §9: not before a second has passed (pinned with fake timers in pairing.test.ts; here the real clock).
    if (Date.now() < rejected.retryAt) expect(kernel.store.getState().pairing.status).toBe('rejected')
    // A timer may fire a little before the wall clock reaches retryAt: wait until it has.
    while (Date.now() < rejected.retryAt) await new Promise((resolve) => setTimeout(resolve, rejected.retryAt - Date.now()))
    wallet.answer('proposal', 'approve')
    pairing.retry()
    const fresh = await vi.waitFor(() => {
      const state = kernel.store.getState().pairing
      if (state.status !== 'ready') throw new Error(state.status)
      return state.uri
    }, WAIT)
    expect(fresh).not.toBe(uri)
    await wallet.pair(fresh)
    await vi.waitFor(() => expect(stateOf(kernel).evm()?.status).toBe('connected'), WAIT)
  })

  it("a proposal the wallet refuses for another reason is 'Failed to connect'", async () => {
    const kernel = kernelWith()
    const wallet = await walletWith({ proposal: 'fail' })
    const { uri } = await pairingUri(kernel)
    await wallet.client.pair({ uri })
    await vi.waitFor(() => expect(kernel.store.getState().pairing.status).toBe('failed'), WAIT)
  })

  it('leaving the view stops the pairing; a wallet that approves the old URI later is let go', async () => {
    const kernel = kernelWith()
    const wallet = await walletWith()
    const { pairing, uri } = await pairingUri(kernel)
    pairing.stop()
    expect(kernel.store.getState().pairing).toEqual({ status: 'idle' })
    const session = await wallet.pair(uri)
    // The kernel disconnects the session it no longer wants, and stays disconnected.
    await vi.waitFor(() => expect(wallet.sessions().map((s) => s.topic)).not.toContain(session.topic), WAIT)
    expect(stateOf(kernel).evm()?.status ?? 'disconnected').toBe('disconnected')
  })

  it('a rejected signature is a rejection (4001) and the connection stays', async () => {
    const { kernel, wallet, evm: state } = await pairedKernel()
    wallet.answer('personal_sign', 'reject')
    const error = await signMessage(kernel, { message: 'no' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 4001 })
    expect(state()?.status).toBe('connected')
  })

  it('switching between approved chains asks the wallet and moves the session; an unapproved chain is refused', async () => {
    const { kernel, wallet, evm: state } = await pairedKernel({}, { chains: [31337, 31338] })
    await switchNetwork(kernel, { networkId: 'eip155:31338' })
    expect(state()?.networkId).toBe('eip155:31338')
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    // Requests now go to the wallet on 31338.
    await signMessage(kernel, { message: 'on B' })
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31338' })

    const single = await pairedKernel()
    const refused = await switchNetwork(single.kernel, { networkId: 'eip155:31338' }).catch((caught: unknown) => caught)
    expect(refused).toBeInstanceOf(Error)
    expect(single.evm()?.networkId).toBe('eip155:31337')
  })

  it("the wallet's chainChanged and accountsChanged events reach the kernel", async () => {
    const { wallet, evm: state } = await pairedKernel({}, { chains: [31337, 31338] })
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(() => expect(state()?.networkId).toBe('eip155:31338'), WAIT)
    const other = ANVIL_ACCOUNTS[1]!.address
    await wallet.emit('accountsChanged', [`eip155:31338:${other}`], 'eip155:31338')
    await vi.waitFor(() => expect(state()?.address).toBe(other), WAIT)
  })

  it('disconnecting from the site ends the session in the wallet too', async () => {
    const { kernel, wallet, session, evm: state, remembered } = await pairedKernel()
    await disconnect(kernel)
    expect(state()?.status).toBe('disconnected')
    expect(remembered()).toBeUndefined()
    await vi.waitFor(() => expect(wallet.sessions().map((s) => s.topic)).not.toContain(session.topic), WAIT)
  })
})

describe('walletConnect: restoring after a reload', RELAY_TEST, () => {
  async function reload(backend: StorageBackend, options: FoyerOptions = {}) {
    const kernel = kernelWith({ storage: backend, ...options })
    return { kernel, ...stateOf(kernel) }
  }

  it('the stored session reconnects silently (connecting, then connected) and still signs', async () => {
    const backend = createMemoryBackend()
    const first = await pairedKernel({ storage: backend })
    // The page goes away without disconnecting.
    kernels.splice(kernels.indexOf(first.kernel), 1)
    await first.kernel.destroy()

    const { kernel, evm: state } = await reload(backend)
    expect(state()?.status).toBe('connecting')
    await vi.waitFor(
      () => expect(state()).toMatchObject({ status: 'connected', connectorId: 'walletConnect', address: ANVIL_ACCOUNTS[0]!.address }),
      WAIT,
    )
    expect(first.wallet.requests).toEqual([])
    const { signature } = await signMessage(kernel, { message: 'after reload' })
    expect(
      await verifyMessage({ address: ANVIL_ACCOUNTS[0]!.address, message: 'after reload', signature: signature as `0x${string}` }),
    ).toBe(true)
  })

  it('a session the wallet ended while the page was away is not restored, and is forgotten', async () => {
    const backend = createMemoryBackend()
    const first = await pairedKernel({ storage: backend })
    kernels.splice(kernels.indexOf(first.kernel), 1)
    await first.kernel.destroy()
    await first.wallet.disconnect()

    const { evm: state, remembered } = await reload(backend)
    await vi.waitFor(() => expect(state()?.status).toBe('disconnected'), WAIT)
    expect(remembered()).toBeUndefined()
  })

  it('with enableReconnect off nothing is restored and the remembered connector is dropped', async () => {
    const backend = createMemoryBackend()
    const first = await pairedKernel({ storage: backend })
    kernels.splice(kernels.indexOf(first.kernel), 1)
    await first.kernel.destroy()

    const { evm: state, remembered } = await reload(backend, { enableReconnect: false })
    expect(state()).toBeUndefined()
    expect(remembered()).toBeUndefined()
  })

  it('connect() on the WalletConnect connector without a pairing fails with the rules §8 wording', async () => {
    const kernel = kernelWith()
    await expect(connect(kernel, { connectorId: 'walletConnect' })).rejects.toThrow('Failed to connect')
  })
})
