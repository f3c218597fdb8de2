// The EVM chain against a real anvil, with a real EIP-1193 wallet that signs with anvil's first
// test key. One anvil for this file, stopped in afterAll.
import { createPublicClient, http, stringToHex, verifyMessage } from 'viem'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  connect,
  disconnect,
  getNativeBalance,
  signMessage,
  switchNetwork,
  isFoyerError,
  createMemoryBackend,
  closeModal,
  StorageToken,
} from 'foyer'
import type { Kernel, FoyerOptions, Network } from 'foyer'
import * as v from 'valibot'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { announceTestWallet, anvilNetwork, EVM_TEST_CONNECTOR_ID, TEST_WALLET_ICON, useAnvil, usePage } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import { announceWallet, createEip1193Wallet, type Eip1193WalletOptions } from '../../test/eip1193Wallet.js'
import { evm, isUnsupportedNetwork, LAST_CONNECTOR_KEY } from './index.js'

const [first, second] = ANVIL_ACCOUNTS as unknown as [(typeof ANVIL_ACCOUNTS)[0], (typeof ANVIL_ACCOUNTS)[0]]
const connectorId = EVM_TEST_CONNECTOR_ID
const icon = TEST_WALLET_ICON

const { anvil, local } = useAnvil()
// Chain 31338 is served by the same anvil: the wallet does not know it until it is added.
let localB: Network
beforeAll(() => {
  localB = anvilNetwork(anvil.url, 31338, 'Anvil B')
})
// Everything but `window` is real: the wallet announces itself through it as an extension would.
const page = usePage()

function setup(options: { wallet?: Partial<Eip1193WalletOptions>; kernel?: FoyerOptions; announce?: boolean } = {}) {
  const wallet =
    options.announce === false
      ? createEip1193Wallet({ privateKey: first.privateKey, rpcUrl: anvil.url, ...options.wallet })
      : announceTestWallet(page.current, anvil.url, options.wallet)
  const kernel = testKernel({ plugins: [evm({ networks: [local, localB] })], ...options.kernel })
  return { wallet, kernel, ...inspect(kernel) }
}

function inspect(kernel: Kernel) {
  return {
    evm: () => kernel.store.getState().connection.namespaces['eip155'],
    remembered: () => kernel.container.resolve(StorageToken).read(LAST_CONNECTOR_KEY, v.string()),
    modal: () => ({ open: kernel.store.getState().modal.open, view: kernel.router.current().view }),
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('evm: connect', () => {
  it('connects the announced wallet with its checksummed address on anvil', async () => {
    const { kernel, wallet, evm: state } = setup()
    const connection = await connect(kernel, { connectorId })
    expect(connection).toMatchObject({ namespace: 'eip155', status: 'connected', address: first.address, networkId: 'eip155:31337' })
    expect(state()?.accounts).toEqual([{ namespace: 'eip155', address: first.address, type: 'eoa' }])
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it("the real balance from anvil, read over the network's RPC and formatted (10,000 ETH)", async () => {
    const { kernel, wallet } = setup()
    const { address, networkId } = await connect(kernel, { connectorId })
    const onChain = await createPublicClient({ transport: http(anvil.url) }).getBalance({ address: first.address })
    expect(onChain).toBe(10_000n * 10n ** 18n)
    await expect(getNativeBalance(kernel, { namespace: 'eip155', address: address!, networkId: networkId! })).resolves.toEqual({
      formatted: '10,000',
      symbol: 'ETH',
    })
    expect(wallet.callsOf('eth_getBalance')).toEqual([])
  })

  it('the balance capability reads any address without a wallet', async () => {
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    const balance = await kernel.chains
      .get('eip155')!
      .capabilities!.balance!.getBalance(kernel, { address: second.address, networkId: 'eip155:31337' })
    expect(balance).toEqual({ value: 10_000n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
  })

  it('the rpcUrls option is where balances are read', async () => {
    const kernel = testKernel({
      plugins: [evm({ networks: [{ ...local, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }], rpcUrls: { 31337: anvil.url } })],
    })
    const balance = kernel.chains
      .get('eip155')!
      .capabilities!.balance!.getBalance(kernel, { address: first.address, networkId: 'eip155:31337' })
    await expect(balance).resolves.toMatchObject({ value: 10_000n * 10n ** 18n })
  })

  it("the simulate capability asks the network's own node what calls would do, without a wallet", async () => {
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    const simulation = await kernel.chains.get('eip155')!.capabilities!.simulate!.simulate(kernel, {
      from: first.address,
      networkId: 'eip155:31337',
      calls: [{ to: second.address, value: 5n }],
    })
    expect(simulation).toEqual({
      status: 'ok',
      outgoing: [{ kind: 'native', amount: 5n, symbol: 'ETH', decimals: 18 }],
      incoming: [],
      allowances: [],
    })
  })

  it('the simulate capability says it cannot simulate when the node does not answer, rather than throw', async () => {
    const kernel = testKernel({ plugins: [evm({ networks: [{ ...local, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }] })] })
    const simulation = await kernel.chains.get('eip155')!.capabilities!.simulate!.simulate(kernel, {
      from: first.address,
      networkId: 'eip155:31337',
      calls: [{ to: second.address, value: 5n }],
    })
    expect(simulation).toMatchObject({ status: 'unavailable' })
  })

  it("a visitor's refusal is 'Connection rejected'", async () => {
    const { kernel, wallet, evm: state, remembered } = setup()
    wallet.answers.set('eth_requestAccounts', 'reject')
    await expect(connect(kernel, { connectorId })).rejects.toThrow('Connection rejected')
    expect(state()).toMatchObject({ status: 'disconnected', error: 'Connection rejected' })
    expect(remembered()).toBeUndefined()
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
  })

  it('the defaultNetwork is asked for at connect, adding it to the wallet first', async () => {
    const { kernel, wallet } = setup({ kernel: { defaultNetwork: 'eip155:31338' } })
    const connection = await connect(kernel, { connectorId })
    expect(connection.networkId).toBe('eip155:31338')
    expect(wallet.calls.map((call) => call.method)).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
      'eth_chainId',
    ])
  })

  it('a wallet that will not switch at connect stays connected on its own network', async () => {
    const { kernel, wallet } = setup({ kernel: { defaultNetwork: 'eip155:31338' } })
    wallet.answers.set('wallet_switchEthereumChain', 'reject')
    await expect(connect(kernel, { connectorId })).resolves.toMatchObject({ status: 'connected', networkId: 'eip155:31337' })
  })

  it('an unknown connector fails without asking any wallet', async () => {
    const { kernel, wallet } = setup()
    // Registered by some plugin, but with no EIP-1193 provider to hand the chain.
    kernel.connectors.register({ connector: { id: 'ghost', name: 'Ghost', namespaces: ['eip155'], type: 'announced' } })
    await expect(connect(kernel, { connectorId: 'ghost' })).rejects.toThrow("No EVM wallet has the connector id 'ghost'.")
    expect(wallet.calls).toEqual([])
  })
})

describe('evm: signMessage', () => {
  it('personal_sign through the wallet, verified by viem', async () => {
    const { kernel, wallet } = setup()
    await connect(kernel, { connectorId })
    const message = 'Sign in to Foyer ✓'
    const { signature, address } = await signMessage(kernel, { message })
    expect(address).toBe(first.address)
    await expect(verifyMessage({ address: first.address, message, signature: signature as `0x${string}` })).resolves.toBe(true)
    expect(wallet.callsOf('personal_sign')).toEqual([{ method: 'personal_sign', params: [stringToHex(message), first.address] }])
  })

  it('a refusal comes back as the wallet threw it (4001)', async () => {
    const { kernel, wallet } = setup()
    await connect(kernel, { connectorId })
    wallet.answers.set('personal_sign', 'reject')
    await expect(signMessage(kernel, { message: 'no' })).rejects.toMatchObject({ code: 4001 })
  })

  it("without a connected wallet it is 'Address or auth connector not found'", async () => {
    const { kernel } = setup()
    const capability = kernel.chains.get('eip155')!.capabilities!.signMessage!
    await expect(capability.signMessage(kernel, { address: first.address, message: 'x' })).rejects.toThrow(
      'Address or auth connector not found',
    )
  })
})

describe('evm: wallet events', () => {
  it('accountsChanged becomes the new checksummed accounts', async () => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.changeAccounts([second.address.toLowerCase(), first.address.toLowerCase()])
    expect(state()).toMatchObject({ status: 'connected', address: second.address })
    expect(state()?.accounts.map((account) => account.address)).toEqual([second.address, first.address])
  })

  it('an empty accountsChanged disconnects, stops listening and forgets the wallet', async () => {
    const { kernel, wallet, evm: state, remembered } = setup()
    await connect(kernel, { connectorId })
    expect(remembered()).toBe(connectorId)
    wallet.changeAccounts([])
    expect(state()).toEqual({ status: 'disconnected', accounts: [] })
    expect(remembered()).toBeUndefined()
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map(wallet.listenerCount)).toEqual([0, 0, 0])
  })

  it('chainChanged (hex) becomes the decimal CAIP-2 network', async () => {
    const { kernel, wallet, evm: state } = setup({ wallet: { knownChains: [31338] } })
    await connect(kernel, { connectorId })
    wallet.changeChain(31338)
    expect(state()?.networkId).toBe('eip155:31338')
  })

  it("the wallet's disconnect event disconnects", async () => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.disconnect()
    expect(state()?.status).toBe('disconnected')
    expect(wallet.listenerCount('disconnect')).toBe(0)
  })

  it("MetaMask's 1013 disconnect (reconnecting to its RPC) keeps the connection", async () => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.disconnect(1013)
    expect(state()?.status).toBe('connected')
  })

  it('one plugin object in two kernels keeps their wallets apart', async () => {
    const plugin = evm({ networks: [local] })
    const wallet = announceTestWallet(page.current, anvil.url)
    const one = testKernel({ plugins: [plugin] })
    const two = testKernel({ plugins: [plugin] })
    await connect(one, { connectorId })
    expect(inspect(two).evm()).toBeUndefined()
    wallet.changeAccounts([second.address])
    expect(inspect(one).evm()?.address).toBe(second.address)
    expect(inspect(two).evm()).toBeUndefined()
    await expect(
      two.chains.get('eip155')!.capabilities!.signMessage!.signMessage(two, { address: first.address, message: 'x' }),
    ).rejects.toThrow('Address or auth connector not found')
  })
})

describe('evm: switchNetwork', () => {
  it('a chain the wallet knows is switched to directly', async () => {
    const { kernel, wallet, evm: state } = setup({ wallet: { knownChains: [31338] } })
    await connect(kernel, { connectorId })
    await switchNetwork(kernel, { networkId: 'eip155:31338' })
    expect(state()?.networkId).toBe('eip155:31338')
    expect(wallet.callsOf('wallet_switchEthereumChain')).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect(wallet.added).toEqual([])
  })

  it.each(['top', 'nested'] as const)('4902 (%s) adds the chain with its parameters, then switches', async (unknownChainError) => {
    const { kernel, wallet, evm: state } = setup({ wallet: { unknownChainError } })
    await connect(kernel, { connectorId })
    await switchNetwork(kernel, { networkId: 'eip155:31338' })
    expect(wallet.added).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Anvil B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [anvil.url],
        blockExplorerUrls: undefined,
      },
    ])
    expect(wallet.calls.slice(2).map((call) => call.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.chainId).toBe(31338)
    expect(state()?.networkId).toBe('eip155:31338')
  })

  it("a wallet that cannot add the chain is 'Chain is not supported'", async () => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.answers.set('wallet_addEthereumChain', 'fail')
    const error = await switchNetwork(kernel, { networkId: 'eip155:31338' }).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'ChainNotSupportedError')).toBe(true)
    expect((error as Error).message).toContain('Chain is not supported')
    expect((error as Error).cause).toMatchObject({ code: -32603 })
    expect(state()?.networkId).toBe('eip155:31337')
  })

  it.each(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])('a refusal of %s is rethrown as it is (4001)', async (method) => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.answers.set(method, 'reject')
    await expect(switchNetwork(kernel, { networkId: 'eip155:31338' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(state()?.networkId).toBe('eip155:31337')
  })
})

describe('evm: disconnect', () => {
  it('revokes the permission, stops listening and forgets the wallet', async () => {
    const { kernel, wallet, evm: state, remembered } = setup()
    await connect(kernel, { connectorId })
    await disconnect(kernel)
    expect(state()).toEqual({ status: 'disconnected', accounts: [] })
    expect(wallet.callsOf('wallet_revokePermissions')).toEqual([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }])
    expect(wallet.authorized).toBe(false)
    expect(remembered()).toBeUndefined()
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map(wallet.listenerCount)).toEqual([0, 0, 0])
  })

  it('a wallet without wallet_revokePermissions disconnects all the same', async () => {
    const { kernel, wallet, evm: state } = setup()
    await connect(kernel, { connectorId })
    wallet.answers.set('wallet_revokePermissions', 'fail')
    await expect(disconnect(kernel)).resolves.toBeUndefined()
    expect(state()?.status).toBe('disconnected')
  })
})

describe('evm: reconnect (rules §4)', () => {
  it('a new kernel on the same storage restores the session without a prompt', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()
    const calls = before.wallet.calls.length

    const kernel = testKernel({ plugins: [evm({ networks: [local, localB] })], storage })
    const { evm: state } = inspect(kernel)
    // The wallet answered the kernel's request for providers during setup.
    expect(state()).toEqual({ status: 'connecting', connectorId, accounts: [] })
    await vi.waitFor(() => expect(state()?.status).toBe('connected'))
    expect(state()).toMatchObject({ connectorId, address: first.address, networkId: 'eip155:31337' })
    expect(before.wallet.calls.slice(calls).map((call) => call.method)).toEqual(['eth_accounts', 'eth_chainId'])
    // Restored sessions hear the wallet again.
    before.wallet.changeAccounts([second.address])
    expect(state()?.address).toBe(second.address)
  })

  it('the remembered wallet is reconnected when it announces itself later', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()

    page.reload()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    expect(inspect(kernel).evm()).toBeUndefined()
    announceWallet(page.current, before.wallet, { name: 'Test Wallet', rdns: connectorId, icon })
    expect(inspect(kernel).evm()?.status).toBe('connecting')
    await vi.waitFor(() => expect(inspect(kernel).evm()?.status).toBe('connected'))
  })

  it('a wallet that no longer shows an account leaves the namespace disconnected and is forgotten', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()
    before.wallet.authorized = false

    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    const { evm: state, remembered } = inspect(kernel)
    expect(state()?.status).toBe('connecting')
    await vi.waitFor(() => expect(state()?.status).toBe('disconnected'))
    expect(remembered()).toBeUndefined()
    expect(before.wallet.callsOf('eth_requestAccounts')).toHaveLength(1)
  })

  it('a wallet that fails to answer leaves the namespace disconnected', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()
    before.wallet.answers.set('eth_accounts', 'fail')

    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    await vi.waitFor(() => expect(inspect(kernel).evm()?.status).toBe('disconnected'))
  })

  it('with enableReconnect false the remembered wallet is dropped, not asked', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()
    const calls = before.wallet.calls.length

    const off = testKernel({ plugins: [evm({ networks: [local] })], storage, enableReconnect: false })
    expect(inspect(off).evm()).toBeUndefined()
    expect(inspect(off).remembered()).toBeUndefined()
    await off.destroy()
    const on = testKernel({ plugins: [evm({ networks: [local] })], storage })
    await nextTask()
    expect(inspect(on).evm()).toBeUndefined()
    expect(before.wallet.calls.length).toBe(calls)
  })

  it('a disconnect while the session is being restored wins', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await before.kernel.destroy()

    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    expect(inspect(kernel).evm()?.status).toBe('connecting')
    await disconnect(kernel)
    await vi.waitFor(() => expect(before.wallet.callsOf('eth_accounts')).toHaveLength(1))
    await nextTask()
    expect(inspect(kernel).evm()).toEqual({ status: 'disconnected', accounts: [] })
    expect(before.wallet.listenerCount('accountsChanged')).toBe(0)
    expect(inspect(kernel).remembered()).toBeUndefined()
  })

  it("a session through window.ethereum ('injected') is restored once the legacy wallet is offered", async () => {
    const storage = createMemoryBackend()
    const wallet = createEip1193Wallet({ privateKey: first.privateKey, rpcUrl: anvil.url })
    Object.assign(page.current, { ethereum: wallet })
    const before = testKernel({ plugins: [evm({ networks: [local] })], storage })
    await vi.waitFor(() => expect(before.store.getState().connection.connectors.map((connector) => connector.id)).toEqual(['injected']))
    await connect(before, { connectorId: 'injected' })
    await before.destroy()

    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    expect(inspect(kernel).evm()).toBeUndefined()
    await vi.waitFor(() =>
      expect(inspect(kernel).evm()).toMatchObject({ status: 'connected', connectorId: 'injected', address: first.address }),
    )
  })

  it('after disconnect nothing is restored', async () => {
    const storage = createMemoryBackend()
    const before = setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId })
    await disconnect(before.kernel)
    await before.kernel.destroy()
    const kernel = testKernel({ plugins: [evm({ networks: [local] })], storage })
    await nextTask()
    expect(inspect(kernel).evm()).toBeUndefined()
  })
})

describe('evm: unsupported network (rules §4)', () => {
  it('a wallet that moves to a network the site lacks keeps its id and gets the UnsupportedChain view', async () => {
    const { kernel, wallet, evm: state, modal } = setup()
    await connect(kernel, { connectorId })
    expect(isUnsupportedNetwork(kernel)).toBe(false)
    wallet.changeChain(56)
    expect(state()).toMatchObject({ status: 'connected', networkId: 'eip155:56' })
    expect(isUnsupportedNetwork(kernel)).toBe(true)
    await nextTask()
    expect(modal()).toEqual({ open: true, view: 'UnsupportedChain' })

    // Choosing a configured network there (what the view's buttons do) closes it.
    await switchNetwork(kernel, { networkId: 'eip155:31337' })
    expect(isUnsupportedNetwork(kernel)).toBe(false)
    expect(modal().open).toBe(false)
  })

  it('connecting on such a network shows the view through afterConnect; connect resolves once the wallet is on a listed one', async () => {
    const { kernel, modal } = setup({ wallet: { chainId: 56 } })
    let settled = false
    const connecting = connect(kernel, { connectorId }).finally(() => (settled = true))
    await vi.waitFor(() => expect(modal()).toEqual({ open: true, view: 'UnsupportedChain' }))
    await nextTask()
    expect(settled).toBe(false)
    // Choosing a configured network there (what the view's buttons do) answers the view.
    await switchNetwork(kernel, { networkId: 'eip155:31337' })
    await expect(connecting).resolves.toMatchObject({ namespace: 'eip155' })
    expect(modal().open).toBe(false)
  })

  it('closing the view leaves the wallet connected on its network; connect resolves', async () => {
    const { kernel, modal, evm: state } = setup({ wallet: { chainId: 56 } })
    const connecting = connect(kernel, { connectorId })
    await vi.waitFor(() => expect(modal()).toEqual({ open: true, view: 'UnsupportedChain' }))
    closeModal(kernel)
    await expect(connecting).resolves.toMatchObject({ networkId: 'eip155:56' })
    expect(state()).toMatchObject({ status: 'connected', networkId: 'eip155:56' })
  })

  it('a balance on an unsupported network reads as 0.00 without asking the RPC (rules §9)', async () => {
    const { kernel } = setup({ wallet: { chainId: 56 } })
    const connecting = connect(kernel, { connectorId })
    await vi.waitFor(() => expect(kernel.store.getState().modal.open).toBe(true))
    closeModal(kernel)
    const { address } = await connecting
    await expect(getNativeBalance(kernel, { namespace: 'eip155', address: address!, networkId: 'eip155:56' })).resolves.toEqual({
      formatted: '0.00',
      symbol: 'ETH',
    })
  })
})
