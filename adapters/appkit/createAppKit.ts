// createAppKit: AppKit's entry point over a Foyer kernel. It builds the kernel from AppKit's options (options.ts),
// defines the elements under AppKit's tag names, and returns the vanilla instance with AppKit's methods. The React
// hooks (react.ts) read the instance the last createAppKit made, as AppKit's do: an AppKit app renders no provider.
import {
  closeModal,
  createKernel,
  disconnect,
  getAccount,
  openModal,
  setThemeMode,
  switchNetwork,
  type AccountState,
  type Kernel,
  type Network,
  type ViewId,
} from 'foyer'
import { defineFoyerElements, getModal, getNetwork, watchAccount, watchModal, watchNetwork, type NetworkInfo } from 'foyer/elements'
import { kernelOptionsOf, type CreateAppKitOptions } from './options.js'
import { solanaProviderOf } from './solanaProvider.js'

/** The tags of AppKit's elements, for Foyer's. */
export const APPKIT_ELEMENT_TAGS = {
  button: 'appkit-button',
  connectButton: 'appkit-connect-button',
  accountButton: 'appkit-account-button',
  networkButton: 'appkit-network-button',
} as const

/** The account as AppKit's `useAppKitAccount` and `subscribeAccount` give it. */
export interface AppKitAccount {
  address?: string
  /** `namespace:reference:address` (CAIP-10). */
  caipAddress?: string
  isConnected: boolean
  status: 'connected' | 'connecting' | 'disconnected'
  /** For an email or social login (the email plugin): who signed in, and the account's type. */
  embeddedWalletInfo?: {
    user: { email?: string; username?: string }
    authProvider: string
    accountType?: string
    isSmartAccountDeployed: boolean
  }
  /** Every account of the connection's login, on every namespace it serves; empty for a wallet. */
  allAccounts: readonly { namespace: string; address: string; type: string }[]
}

/** The network as AppKit's `useAppKitNetwork` and `subscribeNetwork` give it. */
export interface AppKitNetworkState {
  caipNetwork?: Network
  caipNetworkId?: string
  chainId?: number | string
}

/** The modal's state as AppKit's `useAppKitState` and `subscribeState` give it. */
export interface AppKitState {
  open: boolean
  /** The active network's CAIP-2 id. */
  selectedNetworkId?: string
  /** The active connection's namespace. */
  activeChain?: string
  loading: boolean
  initialized: boolean
}

/** The instance createAppKit returns: AppKit's vanilla methods, and the Foyer kernel behind them. */
export interface AppKit {
  /** The Foyer kernel: everything of Foyer's own API takes it. */
  readonly kernel: Kernel
  /** Opens the modal, at `view` when given (Connect, Account, Networks, AllWallets …). */
  open(options?: { view?: string }): Promise<void>
  close(): Promise<void>
  getAddress(): string | undefined
  getCaipAddress(): string | undefined
  getIsConnectedState(): boolean
  getAccount(): AppKitAccount
  getCaipNetwork(): Network | undefined
  getCaipNetworkId(): string | undefined
  getChainId(): number | string | undefined
  getState(): AppKitState
  getThemeMode(): 'light' | 'dark'
  /** The connected wallet's provider for a namespace: EIP-1193 for `eip155`, AppKit's Solana provider for `solana`. */
  getWalletProvider(namespace?: string): unknown
  subscribeAccount(listener: (account: AppKitAccount) => void): () => void
  subscribeNetwork(listener: (network: AppKitNetworkState) => void): () => void
  subscribeState(listener: (state: AppKitState) => void): () => void
  switchNetwork(network: Network): Promise<void>
  disconnect(namespace?: string): Promise<void>
  setThemeMode(mode: 'light' | 'dark'): void
}

let current: AppKit | undefined

/** The instance the last createAppKit made; the hooks read it. */
export function currentAppKit(): AppKit {
  if (!current) throw new Error('Call createAppKit (from foyer/appkit/react) before the AppKit hooks and elements are used.')
  return current
}

/**
 * AppKit's createAppKit over a Foyer kernel: the chains of `adapters` over `networks`, the plugins of `features`, the
 * theme, and `<appkit-button>`, `<appkit-connect-button>`, `<appkit-account-button>` and `<appkit-network-button>`
 * defined in the page. `projectId` is WalletConnect's and the kernel's; Foyer calls no service but WalletConnect's relay
 * (once a visitor picks WalletConnect) and those named in `services`.
 *
 * @throws {InvalidOptionsError} for an AppKit option or feature Foyer cannot honour, naming it and what to do instead
 *   (docs/migrating/appkit.md has the table).
 * @example
 * import { createAppKit } from 'foyer/appkit/react'
 * import { EthersAdapter } from 'foyer/appkit/adapter-ethers'
 * import { mainnet } from 'foyer/appkit/networks'
 *
 * createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet], projectId, metadata })
 */
export function createAppKit(options: CreateAppKitOptions): AppKit {
  const kernel = createKernel(kernelOptionsOf(options))
  for (const adapter of options.adapters) adapter.bind?.(kernel)
  defineFoyerElements(kernel, APPKIT_ELEMENT_TAGS)
  current = instanceOf(kernel)
  return current
}

function instanceOf(kernel: Kernel): AppKit {
  return {
    kernel,
    async open({ view } = {}) {
      openModal(kernel, view ? { view: view as ViewId } : {})
    },
    async close() {
      closeModal(kernel)
    },
    getAddress: () => getAccount(kernel).address,
    getCaipAddress: () => getAccount(kernel).caipAddress,
    getIsConnectedState: () => getAccount(kernel).isConnected,
    getAccount: () => accountOf(getAccount(kernel)),
    getCaipNetwork: () => getNetwork(kernel).network,
    getCaipNetworkId: () => getNetwork(kernel).networkId,
    getChainId: () => getNetwork(kernel).network?.id,
    getState: () => stateOf(kernel),
    getThemeMode: () => themeModeOf(kernel),
    getWalletProvider: (namespace) => walletProviderOf(kernel, namespace),
    subscribeAccount: (listener) => watchAccount(kernel, (account) => listener(accountOf(account))),
    subscribeNetwork: (listener) => watchNetwork(kernel, (network) => listener(networkOf(network))),
    subscribeState(listener) {
      let last = JSON.stringify(stateOf(kernel))
      const tell = () => {
        const state = stateOf(kernel)
        if (JSON.stringify(state) === last) return
        last = JSON.stringify(state)
        listener(state)
      }
      const stops = [watchModal(kernel, tell), watchNetwork(kernel, tell)]
      return () => {
        for (const stop of stops) stop()
      }
    },
    switchNetwork: (network) => switchNetwork(kernel, { networkId: network.caipNetworkId }),
    disconnect: (namespace) => disconnect(kernel, namespace ? { namespace } : {}),
    setThemeMode: (mode) => setThemeMode(kernel, mode),
  }
}

export function accountOf(account: AccountState): AppKitAccount {
  const { user } = account
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: account.isConnected,
    status: account.status,
    ...(user && {
      embeddedWalletInfo: {
        user: { email: user.email, username: user.userName },
        authProvider: account.socialProvider ?? account.authName ?? 'email',
        accountType: account.accountType,
        isSmartAccountDeployed: account.smartAccountDeployed === true,
      },
    }),
    allAccounts: user?.accounts ?? [],
  }
}

export function networkOf({ network, networkId }: NetworkInfo): AppKitNetworkState {
  return { caipNetwork: network, caipNetworkId: networkId, chainId: network?.id }
}

function stateOf(kernel: Kernel): AppKitState {
  const { networkId } = getNetwork(kernel)
  return {
    open: getModal(kernel).open,
    selectedNetworkId: networkId,
    activeChain: getAccount(kernel).namespace,
    loading: kernel.store.getState().modal.loading === true,
    initialized: true,
  }
}

/** The theme shown: the mode set, or the system's when it follows the system. */
function themeModeOf(kernel: Kernel): 'light' | 'dark' {
  const { mode } = kernel.store.getState().theme
  if (mode !== 'system') return mode
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** The provider of the wallet connected on `namespace` (the active connection's when none is named). */
function walletProviderOf(kernel: Kernel, namespace?: string): unknown {
  const name = namespace ?? getAccount(kernel).namespace
  const connection = name ? kernel.store.getState().connection.namespaces[name] : undefined
  if (connection?.status !== 'connected' || !connection.connectorId) return undefined
  const provider = kernel.connectors.get(connection.connectorId)?.providers?.[name!]
  const address = connection.accounts[0]?.address
  // AppKit's Solana provider signs bytes; the Wallet Standard wallet behind it takes an account object.
  return name === 'solana' && provider && address ? solanaProviderOf(provider as Parameters<typeof solanaProviderOf>[0], address) : provider
}
