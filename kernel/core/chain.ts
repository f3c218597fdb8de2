import type { CaipNetworkId } from 'foyer/protocol'
import type { Kernel } from './createKernel.js'
import type { Account, Network } from '../model/network.js'
import { definePlugin, type Plugin, type PluginDefinition } from './plugin.js'
import { AdapterNotFoundError } from './errors/catalogue.js'
import type { SimulatedCall, Simulation } from 'foyer/protocol'

/** What a chain returns when a wallet connects. */
export interface ConnectResult {
  accounts: readonly Account[]
  networkId: CaipNetworkId
}

/** A native balance as a chain reads it; the kernel formats it (rules §5). */
export interface NativeBalance {
  /** In the smallest unit. */
  value: bigint
  decimals: number
  symbol: string
}

/** A token to transfer instead of the native coin: its contract (EVM) or mint (Solana). */
export interface TransferToken {
  address: string
  decimals: number
  symbol: string
}

/** What the transfer capability is asked to send. */
export interface TransferParameters {
  from: string
  to: string
  /** In the smallest unit. */
  amount: bigint
  /** Absent for the native coin. */
  token?: TransferToken
  networkId: CaipNetworkId
}

/** A transaction as the caller built it: `data` is the encoded call, `value` in the smallest unit. */
export interface TransactionRequest {
  from: string
  to: string
  value?: bigint
  /** Hex, `0x`-prefixed. */
  data?: `0x${string}`
  /**
   * The gas limit to offer the wallet (EVM), when whoever built the call knows better than an estimate made at
   * signing: a swap service adds what a trade mined a second later costs. The wallet estimates itself without it.
   */
  gas?: bigint
  networkId: CaipNetworkId
}

/** A contract call to read: the ABI fragment, function and arguments (viem's shape on EVM). */
export interface ContractRead {
  networkId: CaipNetworkId
  address: string
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
}

/** EIP-712 typed data: domain, types, primary type and message. */
export interface TypedData {
  domain: Record<string, unknown>
  types: Record<string, ReadonlyArray<{ name: string; type: string }>>
  primaryType: string
  message: Record<string, unknown>
}

/** rules §3's sign-in message without its text. Times are ISO 8601; `chainId` is CAIP-2 (`eip155:1`, `solana:5eykt4…`). */
export interface SignInFields {
  accountAddress: string
  chainId: string
  /** The authority that asks: the page's host. */
  domain: string
  /** The page's origin. */
  uri: string
  version: '1'
  nonce: string
  statement?: string
  resources?: readonly string[]
  requestId?: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
}

/** rules §3's sign-in message: its fields and the text the wallet signs (EIP-4361 on eip155, Sign In With Solana on solana). */
export interface SignInMessage extends SignInFields {
  serializedMessage: string
}

/**
 * Optional capabilities a chain may offer. Features ask for a capability, never for a chain
 * name, and are simply not offered where no chain has it (style 10). Later capabilities
 * (transfer, names, history …) are added by declaration merging.
 */
export interface ChainCapabilities {
  /** The chain's address rules (rules §5). Without it an address is 1 to 128 characters without whitespace. */
  address?: {
    isValid(address: string): boolean
    /** The form wallets expect (an EVM address gets its `0x`). @default the address, trimmed */
    normalize?(address: string): string
  }
  /** A name and avatar for an address (rules §3 identity), cached per rules §9. */
  identity?: {
    getIdentity(kernel: Kernel, params: { address: string }): Promise<{ name?: string; avatar?: string }>
  }
  /** Sends a transaction the caller built, through the connected wallet; resolves once the network confirmed it. */
  sendTransaction?: {
    sendTransaction(kernel: Kernel, params: TransactionRequest): Promise<{ hash: string }>
  }
  /** Reads a contract through the network's own RPC, never the wallet. */
  readContract?: {
    readContract(kernel: Kernel, params: ContractRead): Promise<unknown>
  }
  /** Signs structured data (EIP-712 on EVM) with the connected wallet. */
  signTypedData?: {
    signTypedData(kernel: Kernel, params: { address: string; typedData: TypedData }): Promise<string>
  }
  balance?: {
    getBalance(kernel: Kernel, params: { address: string; networkId: CaipNetworkId }): Promise<NativeBalance>
  }
  switchNetwork?: {
    switchNetwork(kernel: Kernel, params: { networkId: CaipNetworkId }): Promise<void>
  }
  signMessage?: {
    signMessage(kernel: Kernel, params: { address: string; message: string }): Promise<string>
  }
  /**
   * rules §6: the blockchain data service keeps this chain's account history (rules §7 `history`), so the Activity
   * tab is offered on it. A declaration only: the history itself is read from the service.
   */
  history?: Readonly<Record<string, never>>
  /**
   * Signs rules §3's sign-in message with the connected account, in the chain's own format (EIP-4361 on eip155, Sign In
   * With Solana on solana), the wallet's own sign-in where it has one. Resolves with the message as signed (a wallet
   * that writes the text itself may leave out optional fields) and the signature as the chain's verifiers read it.
   * A `message` with its `serializedMessage` (a host that writes its own text) is signed as it is.
   */
  signIn?: {
    signIn(
      kernel: Kernel,
      params: { message: SignInFields & { serializedMessage?: string } },
    ): Promise<{ message: SignInMessage; signature: string }>
  }
  /**
   * What calls sent in order from `from` would do, computed by the network's own node (docs/previews.md): assets
   * leaving and arriving, allowances granted, or the revert and its reason. Never throws: a node that cannot simulate
   * gives `{ status: 'unavailable' }`.
   */
  simulate?: {
    simulate(kernel: Kernel, params: { from: string; networkId: CaipNetworkId; calls: ReadonlyArray<SimulatedCall> }): Promise<Simulation>
  }
  /** Sends the native coin or a token through the connected wallet; resolves once the network confirmed it. */
  transfer?: {
    transfer(kernel: Kernel, params: TransferParameters): Promise<{ hash: string }>
    /**
     * What a native-coin transfer from `from` may cost in fees, in the native coin's smallest unit,
     * with room for the wallet's own pricing. Sending the whole balance holds this back.
     */
    estimateFee?(kernel: Kernel, params: { from: string; networkId: CaipNetworkId }): Promise<bigint>
    /**
     * rules §2: after which sends the Send view returns to Account instead of showing the hash.
     * @default 'tokens' (EVM: after an ERC20 send); Solana says 'all'
     */
    returnToAccount?: 'tokens' | 'all'
  }
  /**
   * Well-known wallets for this chain, which Connect offers to install when the visitor has no wallet the site can
   * reach (rules §2). A loader, so their marks and links load only then.
   */
  starterWallets?: {
    load(): Promise<readonly StarterWallet[]>
  }
}

/** A wallet to install: where it installs on each platform (its store there), and its own site for the rest. */
export interface StarterWallet {
  id: string
  name: string
  /** Its mark: https or data:image only. */
  imageUrl?: string
  install: InstallLinks & { website: string }
}

/** Where a wallet installs: its listing in each store (Safari: its extension in the Mac App Store) and its own site. */
export interface InstallLinks {
  chrome?: string
  firefox?: string
  safari?: string
  ios?: string
  android?: string
  website?: string
}

export type CapabilityName = keyof ChainCapabilities & string

/**
 * A chain family: its namespace, networks, the required core (connect, disconnect) and optional
 * capabilities. `setup` discovers connectors and restores sessions; it reports what the wallet
 * does through `dispatchConnection`.
 */
export interface ChainDefinition extends Pick<PluginDefinition, 'views' | 'slots' | 'locales' | 'requires' | 'hooks' | 'flags'> {
  /** The CAIP namespace, `eip155`, `solana`, `bip122` … */
  namespace: string
  /** The plugin name. @default `chain:<namespace>` */
  name?: string
  networks: readonly Network[]
  /** The account type a new connection starts with (rules §6). */
  defaultAccountType?: Account['type']
  /** Connects the namespace through a registered connector, whose provider it takes from `kernel.connectors`. */
  connect(kernel: Kernel, params: { connectorId: string; networkId?: CaipNetworkId }): Promise<ConnectResult>
  disconnect(kernel: Kernel): Promise<void>
  capabilities?: ChainCapabilities
  setup?: PluginDefinition['setup']
}

/** A chain plugin object. */
export interface ChainPlugin extends Plugin {
  readonly kind: 'chain'
  readonly chain: ChainDefinition
}

/** Defines a chain plugin. */
export function defineChain(chain: ChainDefinition): ChainPlugin {
  if (chain.networks.length === 0) {
    throw new Error(`The chain '${chain.namespace}' needs at least one network.`)
  }
  const plugin = definePlugin({
    name: chain.name ?? `chain:${chain.namespace}`,
    requires: chain.requires,
    views: chain.views,
    slots: chain.slots,
    locales: chain.locales,
    hooks: chain.hooks,
    flags: chain.flags,
    setup: chain.setup,
  })
  return Object.freeze({ ...plugin, kind: 'chain' as const, chain })
}

export function isChainPlugin(plugin: Plugin): plugin is ChainPlugin {
  return plugin.kind === 'chain' && 'chain' in plugin
}

/** The chains of one kernel by namespace. */
export interface ChainRegistry {
  get(namespace: string): ChainDefinition | undefined
  /** Like `get`, but throws 'Adapter not found' (rules §8). */
  require(namespace: string): ChainDefinition
  all(): readonly ChainDefinition[]
  /** Every network of every chain, in plugin order. */
  networks(): readonly Network[]
  /** The chains that offer a capability. */
  withCapability<C extends CapabilityName>(capability: C): ChainDefinition[]
}

export function createChainRegistry(plugins: readonly Plugin[]): ChainRegistry {
  const chains = plugins.filter(isChainPlugin).map((plugin) => plugin.chain)
  const byNamespace = new Map(chains.map((chain) => [chain.namespace, chain]))
  if (byNamespace.size !== chains.length) {
    const seen = new Set<string>()
    const twice = chains.find((chain) => seen.size === seen.add(chain.namespace).size)
    throw new Error(`Two chain plugins serve the namespace '${twice?.namespace}'. Keep one.`)
  }
  return {
    get: (namespace) => byNamespace.get(namespace),
    require(namespace) {
      const chain = byNamespace.get(namespace)
      if (!chain) throw new AdapterNotFoundError({ details: `No chain plugin serves '${namespace}'.` })
      return chain
    },
    all: () => chains,
    networks: () => chains.flatMap((chain) => chain.networks),
    withCapability: (capability) => chains.filter((chain) => chain.capabilities?.[capability] !== undefined),
  }
}
