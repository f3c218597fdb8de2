// A third-party chain plugin, written against Foyer's public API only: everything comes from
// 'foyer', as it would for a package outside this repository. It is the proof that the chain
// contract is enough for a chain family Foyer does not ship: a bip122 (Bitcoin) chain with one
// connector and one capability (balance). Everything else is simply not offered: the kernel refuses
// signMessage and switchNetwork with 'Unsupported chain' (style 10).
import {
  AddressOrAuthConnectorNotFoundError,
  defineChain,
  isSafeImageUrl,
  isSameNetwork,
  NetworkNotFoundError,
  parseNetworks,
  type Account,
  type ChainPlugin,
  type Kernel,
  type Network,
} from 'foyer'

declare module 'foyer' {
  interface NamespaceProviders {
    /** What a Bitcoin connector hands this chain. */
    bip122: BitcoinWallet
  }
}

/** The CAIP namespace of Bitcoin. */
export const BIP122_NAMESPACE = 'bip122'

/** Bitcoin mainnet: CAIP-2 `bip122:` and the first 32 hex digits of the genesis block hash. */
export const bitcoinMainnet: Network = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
  chainNamespace: BIP122_NAMESPACE,
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
}

/** Bitcoin testnet3. */
export const bitcoinTestnet: Network = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Bitcoin', symbol: 'tBTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  testnet: true,
  chainNamespace: BIP122_NAMESPACE,
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
}

/** What the plugin needs from a Bitcoin wallet: its accounts, and balances. */
export interface BitcoinWallet {
  name: string
  /** https or data:image. */
  icon?: string
  /** Asks the visitor; resolves with the addresses the site may see. */
  requestAccounts(): Promise<readonly string[]>
  /** The confirmed balance of `address`, in satoshis. */
  getBalance(params: { address: string; networkId: string }): Promise<bigint>
}

export interface BitcoinOptions {
  /** @default [bitcoinMainnet] */
  networks?: readonly Network[]
  /** The wallet to offer. @default the page's `window.btcTestWallet` when there is one */
  wallet?: BitcoinWallet
}

// Legacy (1…), P2SH (3…) and their testnet forms, or bech32/bech32m (bc1…, tb1…).
const BITCOIN_ADDRESS = /^(?:[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(?:bc|tb)1[02-9ac-hj-np-z]{8,87})$/

function isBitcoinWallet(value: unknown): value is BitcoinWallet {
  const wallet = value as Partial<BitcoinWallet> | null
  return typeof wallet?.name === 'string' && typeof wallet.requestAccounts === 'function' && typeof wallet.getBalance === 'function'
}

/**
 * A Bitcoin chain: one wallet as its connector (`bip122:<name>`), accounts of type `payment` (rules §6),
 * and balances through the wallet.
 *
 * @example
 * const kernel = createKernel({ projectId: 'my-site', plugins: [bitcoin({ wallet: myWallet })] })
 */
export function bitcoin(options: BitcoinOptions = {}): ChainPlugin {
  // The checks evm() and solana() make: rules §3's shape, http(s) RPC URLs, ids, no network twice.
  const networks = parseNetworks(options.networks ?? [bitcoinMainnet], {
    caller: 'bitcoin()',
    chainNamespace: BIP122_NAMESPACE,
    example: 'such as [bitcoinMainnet]',
  })
  // The connected wallet, else the one in the page: balances are read through the wallet.
  const walletOf = (kernel: Kernel) => {
    const connected = kernel.store.getState().connection.namespaces[BIP122_NAMESPACE]?.connectorId
    const ids = connected ? [connected] : kernel.connectors.all().map((registration) => registration.connector.id)
    return ids.map((id) => kernel.connectors.provider(id, BIP122_NAMESPACE)).find(Boolean)
  }

  return defineChain({
    namespace: BIP122_NAMESPACE,
    networks,
    defaultAccountType: 'payment',

    setup(kernel) {
      const page = typeof window === 'undefined' ? undefined : (window as { btcTestWallet?: unknown })
      const wallet = options.wallet ?? (isBitcoinWallet(page?.btcTestWallet) ? page.btcTestWallet : undefined)
      if (!wallet) return
      return kernel.connectors.register({
        connector: {
          id: `${BIP122_NAMESPACE}:${wallet.name}`,
          name: wallet.name,
          namespaces: [BIP122_NAMESPACE],
          type: 'injected',
          installed: true,
          ...(isSafeImageUrl(wallet.icon) && { imageUrl: wallet.icon }),
        },
        providers: { [BIP122_NAMESPACE]: wallet },
      })
    },

    async connect(kernel, { connectorId, networkId }) {
      const wallet = kernel.connectors.provider(connectorId, BIP122_NAMESPACE)
      if (!wallet) throw new Error(`No Bitcoin wallet has the connector id '${connectorId}'.`)
      const addresses = (await wallet.requestAccounts()).filter((address) => BITCOIN_ADDRESS.test(address))
      const accounts: Account[] = addresses.map((address) => ({ namespace: BIP122_NAMESPACE, address, type: 'payment' }))
      const network = (networkId && networks.find((candidate) => isSameNetwork(candidate, networkId))) || networks[0]!
      return { accounts, networkId: network.caipNetworkId }
    },

    // The wallet keeps no session for the site: forgetting it here is all there is.
    async disconnect() {},

    capabilities: {
      balance: {
        async getBalance(kernel, { address, networkId }) {
          const wallet = walletOf(kernel)
          if (!wallet) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Bitcoin wallet is in the page.' })
          const network = networks.find((candidate) => isSameNetwork(candidate, networkId))
          if (!network) throw new NetworkNotFoundError({ details: `bitcoin() has no network ${networkId}.` })
          const value = await wallet.getBalance({ address, networkId: network.caipNetworkId })
          return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
        },
      },
    },
  })
}
