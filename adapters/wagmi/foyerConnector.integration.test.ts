// foyer/wagmi against a real anvil, with a real EIP-1193 wallet announced to Foyer, under both wagmi
// majors it supports: @wagmi/core 3 (the `@wagmi/core` devDependency) and @wagmi/core 2 (installed
// as `wagmi-core-v2`). Every wagmi call is wagmi's own action on wagmi's own config.
import * as wagmiV3 from '@wagmi/core'
import { createPublicClient, defineChain, http, parseEther, verifyMessage, type Chain } from 'viem'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import * as wagmiV2 from 'wagmi-core-v2'
import * as v from 'valibot'
import { closeModal, connect, createMemoryBackend, disconnect, StorageToken, switchNetwork, type Kernel, type StorageBackend } from 'foyer'
import { evm, LAST_CONNECTOR_KEY } from '../../chains/evm/index.js'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { announceTestWallet, anvilNetwork, EVM_TEST_CONNECTOR_ID, TEST_WALLET_ICON, useAnvil, usePage } from '../../test/chainSetup.js'
import { announceWallet } from '../../test/eip1193Wallet.js'
import { registerCoreViews } from '../../kernel/react/coreViews.js'
import { testKernel } from '../../test/fixtures.js'
import { FOYER_CONNECTOR_ID, foyerConnector } from './index.js'

const [first, second, third] = ANVIL_ACCOUNTS as unknown as [
  (typeof ANVIL_ACCOUNTS)[0],
  (typeof ANVIL_ACCOUNTS)[0],
  (typeof ANVIL_ACCOUNTS)[0],
]

const { anvil, local } = useAnvil()
const page = usePage()
let chainA: Chain
let chainB: Chain
beforeAll(() => {
  const chain = (id: number, name: string) =>
    defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
  chainA = chain(31337, 'Anvil')
  chainB = chain(31338, 'Anvil B')
})

// The two majors' actions, as one shape: the names this file uses exist in both.
interface Wagmi {
  createConfig: typeof wagmiV3.createConfig
  createStorage: typeof wagmiV3.createStorage
  connect: typeof wagmiV3.connect
  disconnect: typeof wagmiV3.disconnect
  reconnect: typeof wagmiV3.reconnect
  getAccount: typeof wagmiV3.getAccount
  getBalance: typeof wagmiV3.getBalance
  signMessage: typeof wagmiV3.signMessage
  sendTransaction: typeof wagmiV3.sendTransaction
  switchChain: typeof wagmiV3.switchChain
  waitForTransactionReceipt: typeof wagmiV3.waitForTransactionReceipt
}

const majors = [
  ['@wagmi/core 3', wagmiV3 as unknown as Wagmi],
  ['@wagmi/core 2', wagmiV2 as unknown as Wagmi],
] as const

/** A Storage the way wagmi's createStorage expects one (a page's localStorage survives a reload). */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe.each(majors)('foyer/wagmi with %s', (_, wagmi) => {
  function setup(
    options: {
      storage?: StorageBackend
      wagmiStorage?: ReturnType<typeof memoryStorage>
      networks?: 'both' | 'one'
      announce?: boolean
    } = {},
  ) {
    const wallet = options.announce === false ? undefined : announceTestWallet(page.current, anvil.url, { knownChains: [31338] })
    const networks = options.networks === 'one' ? [local] : [local, anvilNetwork(anvil.url, 31338, 'Anvil B')]
    const kernel = testKernel({ plugins: [evm({ networks })], ...(options.storage && { storage: options.storage }) })
    // What FoyerProvider does when it mounts: the modal's views exist.
    registerCoreViews(kernel)
    const config = wagmi.createConfig({
      chains: [chainA, chainB],
      connectors: [foyerConnector({ kernel })],
      transports: { [chainA.id]: http(anvil.url), [chainB.id]: http(anvil.url) },
      multiInjectedProviderDiscovery: false,
      storage: wagmi.createStorage({ storage: options.wagmiStorage ?? memoryStorage() }),
    })
    const connector = config.connectors[0]!
    return { wallet: wallet!, kernel, config, connector, account: () => wagmi.getAccount(config), foyer: () => foyerEvm(kernel) }
  }

  it('a wallet connected in Foyer becomes the connection of wagmi, with its address and chain', async () => {
    const { kernel, account, connector } = setup()
    expect(account().status).toBe('disconnected')
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    expect(account()).toMatchObject({
      status: 'connected',
      address: first.address,
      chainId: 31337,
      connector: { id: FOYER_CONNECTOR_ID, name: 'Foyer', type: 'foyer' },
    })
    expect(account().connector?.uid).toBe(connector.uid)
  })

  it("wagmi's connect opens Foyer's modal at Connect and resolves once the visitor connects there", async () => {
    const { kernel, config, connector, account } = setup()
    const connecting = wagmi.connect(config, { connector })
    await vi.waitFor(() => expect(kernel.store.getState().modal.open).toBe(true))
    expect(kernel.router.current().view).toBe('Connect')
    expect(account().status).toBe('connecting')
    // The visitor picks the wallet in the modal.
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await expect(connecting).resolves.toEqual({ accounts: [first.address], chainId: 31337 })
    expect(account()).toMatchObject({ status: 'connected', address: first.address })
    // Announcements to a busy wagmi are retried: none may leave a second connection behind.
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(config.state.connections.size).toBe(1)
  })

  it("wagmi's connect with a chainId moves Foyer's wallet there", async () => {
    const { kernel, config, connector, account, foyer, wallet } = setup()
    const connecting = wagmi.connect(config, { connector, chainId: 31338 })
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await expect(connecting).resolves.toEqual({ accounts: [first.address], chainId: 31338 })
    expect(foyer()?.networkId).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(account().chainId).toBe(31338)
  })

  it("closing Foyer's modal rejects wagmi's connect as the visitor's refusal, caused by 'Modal closed'", async () => {
    const { kernel, config, connector, account } = setup()
    const connecting = wagmi.connect(config, { connector })
    await vi.waitFor(() => expect(kernel.store.getState().modal.open).toBe(true))
    closeModal(kernel)
    const error = (await connecting.catch((caught: unknown) => caught)) as Error & { code?: number; cause?: { shortMessage?: string } }
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(error.cause?.shortMessage).toBe('Modal closed')
    expect(account().status).toBe('disconnected')
  })

  it("wagmi reads the balance, signs a message viem verifies, and sends ETH anvil confirms, all through Foyer's wallet", async () => {
    const { kernel, config, wallet } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    const client = createPublicClient({ transport: http(anvil.url) })
    const balance = await wagmi.getBalance(config, { address: first.address })
    expect(balance.value).toBe(await client.getBalance({ address: first.address }))

    const signature = await wagmi.signMessage(config, { message: 'hello from wagmi' })
    await expect(verifyMessage({ address: first.address, message: 'hello from wagmi', signature })).resolves.toBe(true)
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)

    const before = await client.getBalance({ address: third.address })
    const hash = await wagmi.sendTransaction(config, { to: third.address, value: parseEther('1.5') })
    expect((await wagmi.waitForTransactionReceipt(config, { hash })).status).toBe('success')
    expect(await client.getBalance({ address: third.address })).toBe(before + parseEther('1.5'))
    expect(wallet.callsOf('eth_sendTransaction')).toHaveLength(1)
  })

  it("wagmi's switchChain switches Foyer's network, and the wallet's", async () => {
    const { kernel, config, account, foyer, wallet } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await expect(wagmi.switchChain(config, { chainId: 31338 })).resolves.toMatchObject({ id: 31338 })
    expect(foyer()?.networkId).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(account().chainId).toBe(31338)
    // Signing still works on the new chain: wagmi's client and the wallet agree on it.
    const signature = await wagmi.signMessage(config, { message: 'on B' })
    await expect(verifyMessage({ address: first.address, message: 'on B', signature })).resolves.toBe(true)
  })

  it("Foyer's network switch and the wallet's own moves reach wagmi", async () => {
    const { kernel, account, wallet } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await switchNetwork(kernel, { networkId: 'eip155:31338' })
    expect(account().chainId).toBe(31338)
    wallet.changeChain(31337)
    expect(account().chainId).toBe(31337)
    wallet.changeAccounts([second.address])
    expect(account()).toMatchObject({ status: 'connected', address: second.address, addresses: [second.address] })
  })

  it('switching to a chain Foyer does not list fails with its words and changes nothing', async () => {
    const { kernel, config, account, foyer } = setup({ networks: 'one' })
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    const error = await wagmi
      .switchChain(config, { chainId: 31338 })
      .catch((caught: unknown) => caught as Error & { cause?: { shortMessage?: string } })
    expect(error).toMatchObject({ name: 'SwitchChainError' })
    expect(error.cause?.shortMessage).toBe('Network not found')
    expect(foyer()?.networkId).toBe('eip155:31337')
    expect(account().chainId).toBe(31337)
  })

  it("the visitor refusing the wallet's switch is wagmi's UserRejectedRequestError", async () => {
    const { kernel, config, wallet, account } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    wallet.answers.set('wallet_switchEthereumChain', 'reject')
    await expect(wagmi.switchChain(config, { chainId: 31338 })).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(account().chainId).toBe(31337)
  })

  it('disconnecting in Foyer disconnects wagmi', async () => {
    const { kernel, account } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await disconnect(kernel)
    expect(account().status).toBe('disconnected')
  })

  it('the wallet dropping the site disconnects both', async () => {
    const { kernel, account, foyer, wallet } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    wallet.changeAccounts([])
    expect(foyer()?.status).toBe('disconnected')
    expect(account().status).toBe('disconnected')
  })

  it('disconnecting in wagmi disconnects Foyer, and Foyer can connect again', async () => {
    const { kernel, config, account, foyer } = setup()
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await wagmi.disconnect(config)
    expect(foyer()?.status).toBe('disconnected')
    expect(account().status).toBe('disconnected')
    expect(kernel.container.resolve(StorageToken).read(LAST_CONNECTOR_KEY, v.string())).toBeUndefined()

    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    expect(account()).toMatchObject({ status: 'connected', address: first.address })
  })

  it('after a reload, wagmi reconnects to the session Foyer restores, without a prompt', async () => {
    const storage = createMemoryBackend()
    const wagmiStorage = memoryStorage()
    const before = setup({ storage, wagmiStorage })
    await connect(before.kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await before.kernel.destroy()

    page.reload()
    announceWallet(page.current, before.wallet, { name: 'Test Wallet', rdns: EVM_TEST_CONNECTOR_ID, icon: TEST_WALLET_ICON })
    const after = setup({ storage, wagmiStorage, announce: false })
    // The wallet answered Foyer's request for providers: the restore is under way.
    expect(after.foyer()?.status).toBe('connecting')
    await wagmi.reconnect(after.config)
    expect(after.account()).toMatchObject({ status: 'connected', address: first.address, chainId: 31337 })
    expect(before.wallet.callsOf('eth_requestAccounts')).toHaveLength(1)
  })

  it("a session Foyer restores after wagmi gave up reconnecting still becomes wagmi's", async () => {
    const storage = createMemoryBackend()
    const before = setup({ storage })
    await connect(before.kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    await before.kernel.destroy()

    page.reload()
    const after = setup({ storage, announce: false })
    await wagmi.reconnect(after.config)
    expect(after.account().status).toBe('disconnected')
    // The extension announces itself late; Foyer restores the session, and wagmi follows.
    announceWallet(page.current, before.wallet, { name: 'Test Wallet', rdns: EVM_TEST_CONNECTOR_ID, icon: TEST_WALLET_ICON })
    await vi.waitFor(() => expect(after.account()).toMatchObject({ status: 'connected', address: first.address }))
  })

  it("a connection Foyer makes while wagmi is busy with another connector becomes wagmi's once wagmi is free", async () => {
    const { kernel } = setup()
    // A second connector whose wallet prompt is still open: wagmi is 'connecting' and drops announcements.
    let refuse!: (error: Error) => void
    const slow = wagmiV3.createConnector(() => ({
      id: 'slow',
      name: 'Slow',
      type: 'slow',
      connect: () => new Promise<never>((_, reject) => (refuse = reject)),
      disconnect: async () => {},
      getAccounts: async () => [],
      getChainId: async () => 31337,
      getProvider: async () => ({}),
      isAuthorized: async () => false,
      onAccountsChanged: () => {},
      onChainChanged: () => {},
      onDisconnect: () => {},
    }))
    const config = wagmi.createConfig({
      chains: [chainA],
      connectors: [foyerConnector({ kernel }), slow],
      transports: { [chainA.id]: http(anvil.url) },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    const pending = wagmi.connect(config, { connector: config.connectors[1]! } as never).catch(() => undefined)
    expect(wagmi.getAccount(config).status).toBe('connecting')
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    expect(wagmi.getAccount(config).status).toBe('connecting')
    refuse(new Error('The visitor closed the other wallet.'))
    await pending
    await vi.waitFor(() =>
      expect(wagmi.getAccount(config)).toMatchObject({
        status: 'connected',
        address: first.address,
        connector: { id: FOYER_CONNECTOR_ID },
      }),
    )
  })

  it("without Foyer's modal in the page, wagmi's connect fails naming the missing view, and wagmi stays usable", async () => {
    const wallet = announceTestWallet(page.current, anvil.url)
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    const config = wagmi.createConfig({
      chains: [chainA],
      connectors: [foyerConnector({ kernel })],
      transports: { [chainA.id]: http(anvil.url) },
      multiInjectedProviderDiscovery: false,
    })
    await expect(wagmi.connect(config, { connector: config.connectors[0]! })).rejects.toMatchObject({ name: 'UnknownViewError' })
    expect(wagmi.getAccount(config).status).toBe('disconnected')
    expect(wallet.calls).toEqual([])
    // Foyer connected by other means is still followed.
    await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
    expect(wagmi.getAccount(config).status).toBe('connected')
  })

  it('a request through the provider with nothing connected is a disconnected-provider error (4900)', async () => {
    const { connector } = setup()
    const provider = (await connector.getProvider()) as { request(args: { method: string }): Promise<unknown> }
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({ name: 'ProviderDisconnectedError', code: 4900 })
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.getAccounts()).resolves.toEqual([])
  })
})

function foyerEvm(kernel: Kernel) {
  return kernel.store.getState().connection.namespaces['eip155']
}
