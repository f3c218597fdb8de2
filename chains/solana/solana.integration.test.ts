// The Solana chain against the real local SVM (litesvm behind Solana's JSON-RPC, services/dev/solana),
// with a real Wallet Standard wallet (test/solanaWallet.ts) that signs with ed25519 keys through
// Web Crypto. One node for this file, stopped in afterAll (test/chainSetup.ts, which also gives the
// file its `window` and `document`); everything else is real.
import { createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type Address } from '@solana/kit'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { connect, disconnect, getNativeBalance, signMessage, switchNetwork, createMemoryBackend, StorageToken } from 'foyer'
import type { Kernel, Network, FoyerOptions } from 'foyer'
import {
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  LOCAL_SOLANA_CHAIN_ID,
  TEST_WALLET_ADDRESS,
  TEST_WALLET_KEYPAIR,
} from '../../services/dev/solana/index.mjs'
import { SOLANA_TEST_CONNECTOR_ID, SOLANA_TEST_WALLET_NAME, useSolanaNode } from '../../test/chainSetup.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { createSolanaWallet, registerSolanaWallet, type SolanaWalletOptions } from '../../test/solanaWallet.js'
import { LAST_SESSION_KEY, solana, solanaDevnet } from './index.js'

// Odd amounts, so that the rules §5 truncation shows: 1.234567891 SOL reads '1.234'.
const DEV_LAMPORTS = 1_234_567_891n
const TEST_LAMPORTS = 2_500_000_000n
const name = SOLANA_TEST_WALLET_NAME
const connectorId = SOLANA_TEST_CONNECTOR_ID

const { node, local, page, visibility, cleanups, register } = useSolanaNode({
  fund: [
    { address: DEV_WALLET_ADDRESS, lamports: DEV_LAMPORTS },
    { address: TEST_WALLET_ADDRESS, lamports: TEST_LAMPORTS },
  ],
})

// A kernel's wallet side (walletSession.ts, loaded once by useSolanaNode) is there a task after
// the kernel is created.
async function started<T>(value: T): Promise<T> {
  await nextTask()
  return value
}

async function kernelWith(options: FoyerOptions = {}, networks: Network[] = [local, solanaDevnet]): Promise<Kernel> {
  const kernel = testKernel({ plugins: [solana({ networks })], ...options })
  cleanups.push(() => kernel.destroy())
  statuses.set(kernel, [])
  kernel.store.select(
    (state) => state.connection.namespaces['solana']?.status,
    (status) => statuses.get(kernel)!.push(status),
  )
  return started(kernel)
}

// Every status the solana namespace went through, per kernel, from its creation.
const statuses = new WeakMap<Kernel, Array<string | undefined>>()

async function setup(options: { wallet?: Partial<SolanaWalletOptions>; kernel?: FoyerOptions } = {}) {
  const wallet = register(options.wallet)
  const kernel = await kernelWith(options.kernel)
  return { wallet, kernel, ...inspect(kernel) }
}

function inspect(kernel: Kernel) {
  return {
    statuses: () => statuses.get(kernel),
    solana: () => kernel.store.getState().connection.namespaces['solana'],
    connectors: () => kernel.store.getState().connection.connectors,
    remembered: () => kernel.container.resolve(StorageToken).read(LAST_SESSION_KEY, v.unknown()),
  }
}

async function verify(address: string, message: string, signature: string) {
  const publicKey = await getPublicKeyFromAddress(address as Address)
  return verifySignature(publicKey, getBase58Encoder().encode(signature) as never, getUtf8Encoder().encode(message) as never)
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('solana: discovery', () => {
  it('a registered Wallet Standard wallet is a connector, whichever registers first', async () => {
    register()
    const kernel = await kernelWith()
    const late = createSolanaWallet({ name: 'Late Wallet', keypair: TEST_WALLET_KEYPAIR })
    cleanups.push(registerSolanaWallet(late.wallet, page))
    expect(inspect(kernel).connectors()).toEqual([
      {
        id: connectorId,
        name,
        namespaces: ['solana'],
        type: 'announced',
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        installed: true,
      },
      expect.objectContaining({ id: 'solana:Late Wallet', type: 'announced' }),
    ])
  })

  it('an unregistered wallet leaves the list; a destroyed kernel removes its connectors', async () => {
    const kernel = await kernelWith()
    const wallet = createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR })
    const unregister = registerSolanaWallet(wallet.wallet, page)
    expect(
      inspect(kernel)
        .connectors()
        .map((connector) => connector.id),
    ).toEqual([connectorId])
    unregister()
    expect(inspect(kernel).connectors()).toEqual([])
    cleanups.push(registerSolanaWallet(wallet.wallet, page))
    expect(inspect(kernel).connectors()).toHaveLength(1)
    await kernel.destroy()
    expect(inspect(kernel).connectors()).toEqual([])
  })
})

describe('solana: connect', () => {
  it('connects through standard:connect on the first network the wallet supports, as an eoa', async () => {
    const { kernel, wallet, solana: state, remembered } = await setup()
    const connection = await connect(kernel, { connectorId })
    expect(connection).toMatchObject({
      namespace: 'solana',
      status: 'connected',
      address: DEV_WALLET_ADDRESS,
      networkId: LOCAL_SOLANA_CHAIN_ID,
    })
    expect(state()?.accounts).toEqual([{ namespace: 'solana', address: DEV_WALLET_ADDRESS, type: 'eoa' }])
    expect(kernel.chains.get('solana')?.defaultAccountType).toBe('eoa')
    expect(wallet.calls).toEqual(['standard:connect'])
    expect(remembered()).toEqual({ connectorId, networkId: LOCAL_SOLANA_CHAIN_ID })
  })

  it('the real SOL balance from the local SVM, read over the RPC and shown per rules §5 (1.234567891 → 1.234)', async () => {
    const { kernel } = await setup()
    const { address, networkId } = await connect(kernel, { connectorId })
    const { value: onChain } = await createSolanaRpc(node.url).getBalance(DEV_WALLET_ADDRESS).send()
    expect(onChain).toBe(DEV_LAMPORTS)
    const capability = kernel.chains.get('solana')!.capabilities!.balance!
    await expect(capability.getBalance(kernel, { address: address!, networkId: networkId! })).resolves.toEqual({
      value: DEV_LAMPORTS,
      decimals: 9,
      symbol: 'SOL',
    })
    await expect(getNativeBalance(kernel, { namespace: 'solana', address: address!, networkId: networkId! })).resolves.toEqual({
      formatted: '1.234',
      symbol: 'SOL',
    })
  })

  it('balances are cached for 30 s by the kernel (rules §9): a second read asks no RPC', async () => {
    const kernel = await kernelWith()
    const capability = kernel.chains.get('solana')!.capabilities!.balance!
    const spy = vi.spyOn(capability, 'getBalance')
    const read = () => getNativeBalance(kernel, { namespace: 'solana', address: TEST_WALLET_ADDRESS, networkId: local.caipNetworkId })
    await expect(read()).resolves.toEqual({ formatted: '2.5', symbol: 'SOL' })
    await expect(read()).resolves.toEqual({ formatted: '2.5', symbol: 'SOL' })
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('the rpcUrls option is where balances are read, and a malformed address is refused before any request', async () => {
    const unreachable = { ...local, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
    const kernel = testKernel({ plugins: [solana({ networks: [unreachable], rpcUrls: { [local.caipNetworkId]: node.url } })] })
    const capability = kernel.chains.get('solana')!.capabilities!.balance!
    await expect(capability.getBalance(kernel, { address: TEST_WALLET_ADDRESS, networkId: local.caipNetworkId })).resolves.toMatchObject({
      value: TEST_LAMPORTS,
    })
    await expect(
      capability.getBalance(kernel, { address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb', networkId: local.caipNetworkId }),
    ).rejects.toThrow("'0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb' is not a Solana address.")
    await kernel.destroy()
  })

  it('the defaultNetwork is the network connected to', async () => {
    const { kernel } = await setup({ kernel: { defaultNetwork: solanaDevnet.caipNetworkId } })
    await expect(connect(kernel, { connectorId })).resolves.toMatchObject({ networkId: solanaDevnet.caipNetworkId })
  })

  it("without a defaultNetwork, the first of the site's networks the wallet lists", async () => {
    const { kernel } = await setup({ wallet: { chains: ['solana:devnet'] } })
    await expect(connect(kernel, { connectorId })).resolves.toMatchObject({ networkId: solanaDevnet.caipNetworkId })
  })

  it("a visitor's refusal is 'Connection rejected'", async () => {
    const { kernel, wallet, solana: state, remembered } = await setup()
    wallet.answers.set('standard:connect', 'reject')
    await expect(connect(kernel, { connectorId })).rejects.toThrow('Connection rejected')
    expect(state()).toMatchObject({ status: 'disconnected', error: 'Connection rejected' })
    expect(remembered()).toBeUndefined()
    expect(wallet.listenerCount()).toBe(0)
  })

  it("malformed accounts from a wallet are refused (rules §5): none left is 'Failed to connect'", async () => {
    const accounts = [
      { address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb', publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] },
      // Base58 of the right length, but not 32 bytes once decoded.
      { address: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] },
      // A multi-chain wallet's account on another chain only.
      { address: TEST_WALLET_ADDRESS, publicKey: new Uint8Array(32), chains: ['bip122:000000000019d6689c085ae165831e93'], features: [] },
    ]
    const odd = {
      version: '1.0.0',
      name: 'Odd Wallet',
      icon: 'data:image/svg+xml;base64,',
      chains: ['solana:mainnet'],
      accounts,
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) } },
    }
    cleanups.push(registerSolanaWallet(odd as never, page))
    const kernel = await kernelWith()
    await expect(connect(kernel, { connectorId: 'solana:Odd Wallet' })).rejects.toThrow('Failed to connect')
    expect(inspect(kernel).solana()?.status).toBe('disconnected')
  })

  it('an unknown connector fails without asking any wallet', async () => {
    const { kernel, wallet } = await setup()
    // Registered by some plugin, but with no Wallet Standard wallet to hand the chain.
    kernel.connectors.register({ connector: { id: 'solana:Ghost', name: 'Ghost', namespaces: ['solana'], type: 'announced' } })
    await expect(connect(kernel, { connectorId: 'solana:Ghost' })).rejects.toThrow("No Solana wallet has the connector id 'solana:Ghost'.")
    expect(wallet.calls).toEqual([])
  })
})

describe('solana: signMessage', () => {
  it('solana:signMessage over the UTF-8 bytes; the base58 signature verifies with ed25519', async () => {
    const { kernel, wallet } = await setup()
    await connect(kernel, { connectorId })
    const message = 'Sign in to Foyer ✓'
    const { signature, address, namespace } = await signMessage(kernel, { message })
    expect({ address, namespace }).toEqual({ address: DEV_WALLET_ADDRESS, namespace: 'solana' })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    await expect(verify(DEV_WALLET_ADDRESS, message, signature)).resolves.toBe(true)
    await expect(verify(DEV_WALLET_ADDRESS, 'another message', signature)).resolves.toBe(false)
    expect(wallet.calls).toEqual(['standard:connect', 'solana:signMessage'])
  })

  it('a refusal comes back as the wallet threw it (a user rejection)', async () => {
    const { kernel, wallet } = await setup()
    await connect(kernel, { connectorId })
    wallet.answers.set('solana:signMessage', 'reject')
    await expect(signMessage(kernel, { message: 'no' })).rejects.toMatchObject({ code: 4001, name: 'WalletRejectedError' })
  })

  it("a wallet without solana:signMessage is 'Unsupported chain'", async () => {
    const { wallet } = createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR })
    const { 'solana:signMessage': _signing, ...features } = wallet.features
    const { version, icon, chains } = wallet
    cleanups.push(
      registerSolanaWallet(
        {
          version,
          name,
          icon,
          chains,
          features,
          get accounts() {
            return wallet.accounts
          },
        },
        page,
      ),
    )
    const kernel = await kernelWith()
    await expect(connect(kernel, { connectorId })).resolves.toMatchObject({ status: 'connected' })
    await expect(signMessage(kernel, { message: 'x' })).rejects.toThrow('Unsupported chain')
  })

  it("without a connected wallet it is 'Address or auth connector not found'", async () => {
    const { kernel } = await setup()
    const capability = kernel.chains.get('solana')!.capabilities!.signMessage!
    await expect(capability.signMessage(kernel, { address: DEV_WALLET_ADDRESS, message: 'x' })).rejects.toThrow(
      'Address or auth connector not found',
    )
  })
})

describe('solana: wallet events', () => {
  it('standard:events change becomes the new account, whose balance is read', async () => {
    const { kernel, wallet, solana: state } = await setup()
    await connect(kernel, { connectorId })
    wallet.switchAccount(TEST_WALLET_KEYPAIR)
    expect(state()).toMatchObject({ status: 'connected', address: TEST_WALLET_ADDRESS })
    await expect(
      getNativeBalance(kernel, { namespace: 'solana', address: state()!.address!, networkId: state()!.networkId! }),
    ).resolves.toEqual({
      formatted: '2.5',
      symbol: 'SOL',
    })
    const { signature } = await signMessage(kernel, { message: 'after the switch' })
    await expect(verify(TEST_WALLET_ADDRESS, 'after the switch', signature)).resolves.toBe(true)
  })

  it('a change that names no accounts (chains, features) changes nothing', async () => {
    const { kernel, wallet, solana: state } = await setup()
    await connect(kernel, { connectorId })
    wallet.emit({ chains: ['solana:devnet'] })
    expect(state()).toMatchObject({ status: 'connected', address: DEV_WALLET_ADDRESS })
  })

  it('no accounts left disconnects, stops listening and forgets the wallet', async () => {
    const { kernel, wallet, solana: state, remembered } = await setup()
    await connect(kernel, { connectorId })
    expect(wallet.listenerCount()).toBe(1)
    wallet.revoke()
    expect(state()).toEqual({ status: 'disconnected', accounts: [] })
    expect(remembered()).toBeUndefined()
    expect(wallet.listenerCount()).toBe(0)
  })

  it('the connected wallet unregistering disconnects', async () => {
    const wallet = createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR })
    const unregister = registerSolanaWallet(wallet.wallet, page)
    const kernel = await kernelWith()
    await connect(kernel, { connectorId })
    unregister()
    expect(inspect(kernel).solana()?.status).toBe('disconnected')
    expect(inspect(kernel).connectors()).toEqual([])
    expect(wallet.listenerCount()).toBe(0)
  })

  it('one plugin object in two kernels keeps their wallets apart', async () => {
    const wallet = register()
    const plugin = solana({ networks: [local] })
    const one = testKernel({ plugins: [plugin] })
    const two = await started(testKernel({ plugins: [plugin] }))
    cleanups.push(
      () => one.destroy(),
      () => two.destroy(),
    )
    await connect(one, { connectorId })
    expect(inspect(two).solana()).toBeUndefined()
    wallet.switchAccount(TEST_WALLET_KEYPAIR)
    expect(inspect(one).solana()?.address).toBe(TEST_WALLET_ADDRESS)
    expect(inspect(two).solana()).toBeUndefined()
    await expect(
      two.chains.get('solana')!.capabilities!.signMessage!.signMessage(two, { address: TEST_WALLET_ADDRESS, message: 'x' }),
    ).rejects.toThrow('Address or auth connector not found')
  })
})

describe('solana: switchNetwork', () => {
  it('the site moves to another listed cluster without a wallet prompt, and remembers it', async () => {
    const { kernel, wallet, solana: state, remembered } = await setup()
    await connect(kernel, { connectorId })
    await switchNetwork(kernel, { networkId: solanaDevnet.caipNetworkId })
    expect(state()?.networkId).toBe(solanaDevnet.caipNetworkId)
    expect(remembered()).toEqual({ connectorId, networkId: solanaDevnet.caipNetworkId })
    expect(wallet.calls).toEqual(['standard:connect'])
  })

  it("a deprecated id finds its network; a network the site lacks is 'Network not found'", async () => {
    const { kernel } = await setup()
    await connect(kernel, { connectorId })
    await switchNetwork(kernel, { networkId: 'solana:8E9rvCKLFQia2Y35HvivXYS8Ro66Fu6j' })
    expect(inspect(kernel).remembered()).toEqual({ connectorId, networkId: solanaDevnet.caipNetworkId })
    await expect(switchNetwork(kernel, { networkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).rejects.toThrow('Network not found')
  })
})

describe('solana: disconnect', () => {
  it('calls standard:disconnect, stops listening and forgets the wallet', async () => {
    const { kernel, wallet, solana: state, remembered } = await setup()
    await connect(kernel, { connectorId })
    await disconnect(kernel)
    expect(state()).toEqual({ status: 'disconnected', accounts: [] })
    expect(wallet.calls).toEqual(['standard:connect', 'standard:disconnect'])
    expect(wallet.authorized).toBe(false)
    expect(remembered()).toBeUndefined()
    expect(wallet.listenerCount()).toBe(0)
  })

  it('a wallet whose standard:disconnect fails is disconnected all the same', async () => {
    const { kernel, wallet, solana: state } = await setup()
    await connect(kernel, { connectorId })
    wallet.answers.set('standard:disconnect', 'fail')
    await expect(disconnect(kernel)).resolves.toBeUndefined()
    expect(state()?.status).toBe('disconnected')
  })
})

describe('solana: reconnect (rules §4)', () => {
  it('a new kernel on the same storage restores the session silently, on the remembered network', async () => {
    const storage = createMemoryBackend()
    const before = await setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await switchNetwork(before.kernel, { networkId: solanaDevnet.caipNetworkId })
    await before.kernel.destroy()

    const kernel = await kernelWith({ storage })
    const { solana: state, statuses: seen } = inspect(kernel)
    // The wallet was registered before the kernel: it is found as soon as the wallet side starts.
    await vi.waitFor(() => expect(state()?.status).toBe('connected'))
    expect(seen()).toEqual(['connecting', 'connected'])
    expect(state()).toMatchObject({ connectorId, address: DEV_WALLET_ADDRESS, networkId: solanaDevnet.caipNetworkId })
    expect(before.wallet.calls).toEqual(['standard:connect', 'standard:connect (silent)'])
    // Restored sessions hear the wallet again.
    before.wallet.switchAccount(TEST_WALLET_KEYPAIR)
    expect(state()?.address).toBe(TEST_WALLET_ADDRESS)
  })

  it('the remembered wallet is restored when it registers later', async () => {
    const storage = createMemoryBackend()
    const wallet = createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR })
    const unregister = registerSolanaWallet(wallet.wallet, page)
    const before = await kernelWith({ storage })
    await connect(before, { connectorId })
    await before.destroy()
    unregister()

    const kernel = await kernelWith({ storage })
    expect(inspect(kernel).solana()).toBeUndefined()
    cleanups.push(registerSolanaWallet(wallet.wallet, page))
    expect(inspect(kernel).solana()?.status).toBe('connecting')
    await vi.waitFor(() => expect(inspect(kernel).solana()).toMatchObject({ status: 'connected', networkId: LOCAL_SOLANA_CHAIN_ID }))
  })

  it('a wallet that no longer shows an account leaves the namespace disconnected and is forgotten', async () => {
    const storage = createMemoryBackend()
    const before = await setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()
    before.wallet.revoke()

    const kernel = await kernelWith({ storage })
    await vi.waitFor(() => expect(inspect(kernel).solana()?.status).toBe('disconnected'))
    expect(inspect(kernel).statuses()).toEqual(['connecting', 'disconnected'])
    expect(inspect(kernel).remembered()).toBeUndefined()
    expect(before.wallet.calls.filter((call) => call === 'standard:connect')).toHaveLength(1)
  })

  it('with enableReconnect false the remembered wallet is dropped, not asked', async () => {
    const storage = createMemoryBackend()
    const before = await setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()

    const off = await kernelWith({ storage, enableReconnect: false })
    expect(inspect(off).solana()).toBeUndefined()
    expect(inspect(off).remembered()).toBeUndefined()
    await off.destroy()
    const on = await kernelWith({ storage })
    await nextTask()
    expect(inspect(on).solana()).toBeUndefined()
    expect(before.wallet.calls).toEqual(['standard:connect'])
  })

  it('a disconnect while the session is being restored wins', async () => {
    const storage = createMemoryBackend()
    const before = await setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()

    // The visitor disconnects the moment the restore starts, before the wallet has answered.
    const kernel = testKernel({ plugins: [solana({ networks: [local, solanaDevnet] })], storage })
    cleanups.push(() => kernel.destroy())
    let disconnecting: Promise<void> | undefined
    kernel.store.select(
      (state) => state.connection.namespaces['solana']?.status,
      (status) => {
        if (status === 'connecting') disconnecting ??= disconnect(kernel)
      },
    )
    await vi.waitFor(() => expect(disconnecting).toBeDefined())
    await disconnecting
    await vi.waitFor(() => expect(before.wallet.calls).toContain('standard:connect (silent)'))
    await nextTask()
    expect(inspect(kernel).solana()).toEqual({ status: 'disconnected', accounts: [] })
    expect(before.wallet.listenerCount()).toBe(0)
    expect(inspect(kernel).remembered()).toBeUndefined()
  })
})

describe('solana: next to EVM (rules §4 per namespace)', () => {
  it('both namespaces stay connected; the active one switches and each disconnects alone', async () => {
    register()
    const evm = testChain()
    const kernel = await started(testKernel({ plugins: [evm, solana({ networks: [local] })] }))
    cleanups.push(() => kernel.destroy())
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    await connect(kernel, { connectorId })
    const state = () => kernel.store.getState().connection
    expect(state().activeNamespace).toBe('solana')
    expect(state().namespaces['eip155']).toMatchObject({ status: 'connected', address: '0x1111111111111111111111111111111111111111' })
    expect(state().namespaces['solana']).toMatchObject({ status: 'connected', address: DEV_WALLET_ADDRESS })
    // What the Account view's "Show eip155 account" button does.
    kernel.dispatchConnection({ type: 'namespace-activated', namespace: 'eip155' })
    expect(state().activeNamespace).toBe('eip155')
    // The active namespace's signMessage is EVM's; Solana's is asked for by name.
    await expect(signMessage(kernel, { message: 'hi' })).resolves.toMatchObject({ namespace: 'eip155' })
    const { signature } = await signMessage(kernel, { message: 'hi', namespace: 'solana' })
    await expect(verify(DEV_WALLET_ADDRESS, 'hi', signature)).resolves.toBe(true)

    await disconnect(kernel, { namespace: 'solana' })
    expect(state().namespaces['solana']?.status).toBe('disconnected')
    expect(state().namespaces['eip155']?.status).toBe('connected')
  })
})

describe('solana: mobile browse links (rules §2)', () => {
  const mobile = { isMobile: () => true }

  it('on mobile, Phantom, Solflare and Coinbase Wallet are offered as external connectors while not registered', async () => {
    register()
    const kernel = await kernelWith(mobile)
    expect(inspect(kernel).connectors()).toEqual([
      expect.objectContaining({ id: connectorId, type: 'announced' }),
      { id: 'solana:browse:phantom', name: 'Phantom', namespaces: ['solana'], type: 'external', installed: false },
      { id: 'solana:browse:solflare', name: 'Solflare', namespaces: ['solana'], type: 'external', installed: false },
      { id: 'solana:browse:coinbase', name: 'Coinbase Wallet', namespaces: ['solana'], type: 'external', installed: false },
    ])
  })

  it('on a desktop, none of them', async () => {
    const kernel = await kernelWith()
    expect(inspect(kernel).connectors()).toEqual([])
  })

  it("a wallet app's own wallet replaces its browse link, which comes back when it leaves", async () => {
    const kernel = await kernelWith(mobile)
    const phantom = createSolanaWallet({ name: 'Phantom', keypair: DEV_WALLET_KEYPAIR })
    const unregister = registerSolanaWallet(phantom.wallet, page)
    const ids = () =>
      inspect(kernel)
        .connectors()
        .map((connector) => connector.id)
    expect(ids()).toEqual(['solana:browse:solflare', 'solana:browse:coinbase', 'solana:Phantom'])
    unregister()
    expect(ids()).toEqual(['solana:browse:solflare', 'solana:browse:coinbase', 'solana:browse:phantom'])
  })

  it.each([
    [
      'solana:browse:phantom',
      'Phantom',
      'https://phantom.app/ul/browse/https%3A%2F%2Fshop.example%2Fcart%3Fitem%3D1?ref=https%3A%2F%2Fshop.example',
    ],
    [
      'solana:browse:solflare',
      'Solflare',
      'https://solflare.com/ul/v1/browse/https%3A%2F%2Fshop.example%2Fcart%3Fitem%3D1?ref=https%3A%2F%2Fshop.example',
    ],
    ['solana:browse:coinbase', 'Coinbase Wallet', 'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fshop.example%2Fcart%3Fitem%3D1'],
  ])('connecting %s opens this page in the app, and the attempt ends when the visitor comes back', async (id, wallet, url) => {
    const kernel = await kernelWith(mobile)
    let settled: unknown
    const attempt = connect(kernel, { connectorId: id }).catch((error: unknown) => (settled = error))
    await nextTask()
    expect(page.location.assign).toHaveBeenCalledWith(url)
    expect(kernel.store.getState().toast).toMatchObject({ open: true, message: `Opening this page in ${wallet}…` })
    expect(inspect(kernel).solana()?.status).toBe('connecting')

    visibility.visibilityState = 'hidden'
    visibility.dispatchEvent(new Event('visibilitychange'))
    await nextTask()
    expect(settled).toBeUndefined()
    visibility.visibilityState = 'visible'
    visibility.dispatchEvent(new Event('visibilitychange'))
    await attempt
    expect(settled).toMatchObject({ shortMessage: 'Failed to connect' })
    expect(inspect(kernel).solana()).toMatchObject({ status: 'disconnected', error: 'Failed to connect' })
  })
})
