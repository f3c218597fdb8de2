// The "foyer/appkit/adapter-wagmi" entry: AppKit's WagmiAdapter. Its `wagmiConfig` is a wagmi config whose one connector
// is Foyer's (foyerConnector), so the app's wagmi hooks (useAccount, useSignMessage …) follow the wallet the visitor
// connects in Foyer's modal. An AppKit app makes the config before createAppKit builds the kernel (it hands the config
// to WagmiProvider), so the connector is bound to the kernel later, when createAppKit calls `bind`.
//
// It imports `createConfig` from 'wagmi', the package a React wagmi app installs: '@wagmi/core' is nested under it
// there (docs/packaging.md), so it is not importable by name.
import { InvalidOptionsError, type Kernel, type Network } from 'foyer'
import { FOYER_CONNECTOR_ID, foyerConnector } from 'foyer/wagmi'
import type { Chain, Transport } from 'viem'
import { type Config, type CreateConfigParameters, createConfig, http } from 'wagmi'
import type { AppKitAdapter, ChainSetup } from './adapter.js'
import { evmChainOf } from './evmChain.js'

/** AppKit's WagmiAdapter options: the networks and project id, and wagmi's own `createConfig` options. */
export interface WagmiAdapterOptions extends Partial<Omit<CreateConfigParameters, 'chains' | 'connectors' | 'transports' | 'client'>> {
  /** The app's networks; the EVM ones are wagmi's chains. */
  networks: readonly Network[]
  /** The Reown project id. createAppKit's own `projectId` configures WalletConnect; this one is accepted and unused. */
  projectId?: string
  /** wagmi transports by chain id. @default http() over each network's first RPC URL */
  transports?: Record<number, Transport>
  /** Refused: Foyer's modal finds and connects the wallets, and wagmi follows it through one connector. */
  connectors?: readonly unknown[]
}

type FoyerConnector = ReturnType<ReturnType<typeof foyerConnector>>

/**
 * The EVM family for createAppKit, as AppKit's WagmiAdapter: Foyer's EVM chain over the app's `eip155` networks, and a
 * `wagmiConfig` for WagmiProvider whose connector is Foyer's. wagmi's hooks then read and sign through the wallet
 * connected in Foyer's modal; `useDisconnect` and `useSwitchChain` act on Foyer's connection.
 *
 * @throws {InvalidOptionsError} for `connectors` (Foyer lists the wallets; wagmi follows the one connected), or no EVM
 *   network in `networks`.
 * @example
 * const wagmiAdapter = new WagmiAdapter({ networks: [mainnet], projectId })
 * createAppKit({ adapters: [wagmiAdapter], networks: [mainnet], projectId, metadata })
 * // <WagmiProvider config={wagmiAdapter.wagmiConfig}> … </WagmiProvider>
 */
export class WagmiAdapter implements AppKitAdapter {
  readonly namespace = 'eip155'
  /** The wagmi config to hand to WagmiProvider. */
  readonly wagmiConfig: Config
  private bindKernel!: (kernel: Kernel) => void
  private readonly kernel = new Promise<Kernel>((resolve) => {
    this.bindKernel = resolve
  })

  constructor({ networks, projectId: _projectId, transports, connectors, ...wagmiOptions }: WagmiAdapterOptions) {
    if (connectors?.length)
      throw new InvalidOptionsError(
        'WagmiAdapter: `connectors` is not supported. Foyer’s modal lists and connects the wallets, and wagmi follows the one connected; remove the option.',
      )
    const chains = (networks ?? []).filter((network) => network.chainNamespace === 'eip155') as unknown as Chain[]
    if (chains.length === 0)
      throw new InvalidOptionsError('WagmiAdapter: `networks` has no EVM network. Pass the app’s EVM networks, e.g. `[mainnet]`.')
    this.wagmiConfig = createConfig({
      ...wagmiOptions,
      chains: chains as [Chain, ...Chain[]],
      connectors: [lazyConnector(this.kernel)],
      transports: { ...Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default?.http[0])])), ...transports },
      // Foyer finds the page's wallets; wagmi's own copies of them would be a second way in.
      multiInjectedProviderDiscovery: false,
    })
  }

  chain(setup: ChainSetup) {
    return evmChainOf(setup)
  }

  bind(kernel: Kernel) {
    this.bindKernel(kernel)
  }
}

/**
 * Foyer's wagmi connector before its kernel exists: wagmi makes (and sets up) its connectors inside createConfig, and
 * the kernel comes with createAppKit after. Each call waits for the kernel, then goes to foyerConnector's own.
 */
function lazyConnector(kernel: Promise<Kernel>): ReturnType<typeof foyerConnector> {
  return (config) => {
    const connector = kernel.then((bound) => foyerConnector({ kernel: bound })(config))
    const later =
      <Name extends keyof FoyerConnector>(name: Name) =>
      async (...args: unknown[]) =>
        ((await connector)[name] as (...args: unknown[]) => unknown)(...args)
    return {
      id: FOYER_CONNECTOR_ID,
      name: 'Foyer',
      type: 'foyer',
      setup: later('setup'),
      connect: later('connect'),
      disconnect: later('disconnect'),
      getAccounts: later('getAccounts'),
      getChainId: later('getChainId'),
      getProvider: later('getProvider'),
      isAuthorized: later('isAuthorized'),
      switchChain: later('switchChain'),
      onAccountsChanged: later('onAccountsChanged'),
      onChainChanged: later('onChainChanged'),
      onDisconnect: later('onDisconnect'),
    } as FoyerConnector
  }
}
