// createAppKit's options mapped onto Foyer's kernel, the loud refusals of what Foyer cannot honour, and the vanilla
// instance's methods over the kernel's state.
import { InvalidOptionsError, type Kernel } from 'foyer'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppKit, type AppKit } from './createAppKit.js'
import { EthersAdapter } from './ethers.js'
import { base, defineChain, mainnet, solana } from './networks.js'
import type { CreateAppKitOptions } from './options.js'
import { SolanaAdapter } from './solana.js'
import { WagmiAdapter } from './wagmi.js'

const metadata = { name: 'Shop', description: 'A shop', url: 'https://shop.example.com', icons: [] }
const made: Kernel[] = []

function appKit(options: Partial<CreateAppKitOptions> = {}): AppKit {
  const instance = createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet, base], metadata, ...options })
  made.push(instance.kernel)
  return instance
}

afterEach(async () => {
  await Promise.all(made.splice(0).map((kernel) => kernel.destroy()))
})

describe('createAppKit', () => {
  it("builds a kernel with the adapters' chains over the networks, the options of the same name and AppKit's theme", () => {
    const { kernel } = appKit({
      projectId: 'reown-project',
      themeMode: 'dark',
      themeVariables: { '--w3m-accent': '#0a7d55', '--w3m-z-index': 40, radius: '12px' },
      defaultNetwork: base,
      featuredWalletIds: ['abc'],
      termsConditionsUrl: 'https://shop.example.com/terms',
    })
    expect(kernel.chains.networks().map((network) => network.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(kernel.options.themeVariables).toEqual({ accent: '#0a7d55', zIndex: '40', radius: '12px' })
    expect(kernel.options.themeMode).toBe('dark')
    expect(kernel.options.defaultNetwork).toBe('eip155:8453')
    expect(kernel.options.featuredWalletIds).toEqual(['abc'])
    expect(kernel.options.metadata?.name).toBe('Shop')
    expect(kernel.options.projectId).toBe('reown-project')
    expect(kernel.plugins.map((plugin) => plugin.name).sort()).toEqual(['chain:eip155', 'receive', 'send'])
  })

  it('turns a feature on with the service it needs, AppKit-style (on unless false), and off with false', () => {
    const withServices = appKit({ services: { api: 'https://api.example.com', wallet: 'https://wallet.example.com' } })
    expect(withServices.kernel.plugins.map((plugin) => plugin.name).sort()).toEqual([
      'activity',
      'chain:eip155',
      'email',
      'onramp',
      'portfolio',
      'receive',
      'send',
      'swaps',
    ])
    const some = appKit({
      services: { api: 'https://api.example.com', wallet: 'https://wallet.example.com' },
      features: { swaps: false, onramp: false, history: false, send: false, socials: ['google', 'github'] },
    })
    expect(some.kernel.plugins.map((plugin) => plugin.name).sort()).toEqual(['chain:eip155', 'email', 'receive', 'socials'])
  })

  it('maps a Solana network to the Solana adapter, and a custom network through defineChain', () => {
    const local = defineChain({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    })
    expect(local).toMatchObject({ chainNamespace: 'eip155', caipNetworkId: 'eip155:31337' })
    const { kernel } = appKit({ adapters: [new EthersAdapter(), new SolanaAdapter()], networks: [local, solana] })
    expect(kernel.chains.networks().map((network) => network.caipNetworkId)).toEqual([
      'eip155:31337',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ])
  })

  it.each<[string, Partial<CreateAppKitOptions>, RegExp]>([
    ['a feature without its service', { features: { email: true } }, /`features\.email` needs Foyer's wallet service/],
    ['swaps without the API', { features: { swaps: true } }, /`features\.swaps` needs Foyer's api service/],
    ['an AppKit option Foyer has not', { enableCoinbase: true }, /`enableCoinbase` is not supported\. Foyer has no Coinbase SDK/],
    ['an AppKit feature Foyer has not', { features: { pay: true } }, /`features\.pay` is not supported/],
    ['a feature name it does not know', { features: { emial: true } }, /`features\.emial` is not an AppKit feature/],
    ['a theme variable Foyer has not', { themeVariables: { '--w3m-color-mix': '#000' } }, /--w3m-color-mix.*not supported/],
    ['a network without its adapter', { networks: [mainnet, solana] }, /Solana \(solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\) has no adapter/],
    ['no adapter', { adapters: [] }, /`adapters` must list one adapter/],
    ['an option of neither', { enableMagic: true }, /Unknown option `enableMagic`/],
  ])('refuses %s, by name, at createAppKit', (_, options, message) => {
    expect(() => appKit(options)).toThrow(InvalidOptionsError)
    expect(() => appKit(options)).toThrow(message)
  })

  it('accepts false for what Foyer has not (turning off what is not there)', () => {
    expect(() => appKit({ enableCoinbase: false, features: { pay: false } })).not.toThrow()
  })

  it("refuses SolanaAdapter's wallet-adapter wallets", () => {
    expect(() => new SolanaAdapter({ wallets: [{}] })).toThrow(/`wallets` is not supported/)
  })
})

describe('WagmiAdapter', () => {
  it("makes wagmi's config before createAppKit, and its connector answers from the kernel createAppKit builds", async () => {
    const adapter = new WagmiAdapter({ networks: [mainnet, base, solana], projectId: 'reown-project' })
    const [connector] = adapter.wagmiConfig.connectors
    expect(adapter.wagmiConfig.connectors).toHaveLength(1)
    expect(connector).toMatchObject({ id: 'foyer', type: 'foyer' })
    expect(adapter.wagmiConfig.chains.map((chain) => chain.id)).toEqual([1, 8453])
    const authorized = connector!.isAuthorized()
    let answered = false
    void authorized.then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(answered).toBe(false)

    const { kernel } = appKit({ adapters: [adapter], defaultNetwork: base })
    expect(kernel.chains.networks().map((network) => network.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    await expect(authorized).resolves.toBe(false)
    await expect(connector!.getAccounts()).resolves.toEqual([])
    await expect(connector!.getChainId()).resolves.toBe(8453)
  })

  it.each<[string, () => unknown, RegExp]>([
    ["wagmi's own connectors", () => new WagmiAdapter({ networks: [mainnet], connectors: [{}] }), /`connectors` is not supported/],
    ['no EVM network', () => new WagmiAdapter({ networks: [solana] }), /`networks` has no EVM network/],
  ])('refuses %s', (_, make, message) => {
    expect(make).toThrow(InvalidOptionsError)
    expect(make).toThrow(message)
  })
})

describe("the instance's methods", () => {
  it('opens and closes the modal, telling subscribeState, and reads the account and network while disconnected', async () => {
    const instance = appKit()
    const states: boolean[] = []
    const stop = instance.subscribeState((state) => states.push(state.open))
    // On Node the elements (and the modal's core views) are not defined: a plugin's view stands in for AppKit's.
    await instance.open({ view: 'Receive' })
    expect(instance.getState()).toMatchObject({ open: true, initialized: true })
    expect(instance.kernel.router.current().view).toBe('Receive')
    await instance.close()
    stop()
    expect(states).toEqual([true, false])
    expect(instance.getAddress()).toBeUndefined()
    expect(instance.getIsConnectedState()).toBe(false)
    expect(instance.getAccount()).toEqual({ isConnected: false, status: 'disconnected', allAccounts: [] })
    expect(instance.getWalletProvider('eip155')).toBeUndefined()
    await expect(instance.switchNetwork(base)).rejects.toThrow()
  })

  it('sets the theme mode', () => {
    const instance = appKit({ themeMode: 'light' })
    instance.setThemeMode('dark')
    expect(instance.getThemeMode()).toBe('dark')
  })
})
