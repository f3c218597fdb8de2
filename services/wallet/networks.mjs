// The networks the embedded wallet serves, each with the RPC the SERVICE is configured with: a page never names
// the URL a request goes to (a URL from the page would let any site make this server fetch anything: SSRF).

/**
 * @typedef {object} WalletNetwork
 * @property {string} id canonical: '31337' (EVM) or 'solana:<genesis hash prefix>'
 * @property {'eip155' | 'solana'} namespace
 * @property {string} rpcUrl
 * @property {string} [bundlerUrl] EVM: the ERC-4337 bundler for EntryPoint v0.8; with it, the user's smart account
 * @property {boolean} [eip7702] EVM, with a bundler: the chain runs EIP-7702 and has the wallet's delegate deployed, so
 *   a wallet made since accounts became EIP-7702 is its own EOA, upgraded in place (docs/wallets.md#account-modes)
 * @property {{ name: string, symbol: string, decimals: number }} [nativeCurrency] EVM: what the network pays in
 *   (wallet_getAssets' metadata), when it is not Ether
 */

/** @typedef {{ chainId: number, rpcUrl: string, bundlerUrl?: string, eip7702?: boolean, nativeCurrency?: WalletNetwork['nativeCurrency'] }} EvmNetworkOptions */
/** @typedef {{ chainId: string, rpcUrl: string }} SolanaNetworkOptions */

/** @param {string} name @param {string} symbol */
const currency = (name, symbol) => ({ name, symbol, decimals: 18 })

/**
 * The networks the wallet serves when its operator names none (rules §6: about 26, EVM and 3 Solana), each on a public
 * RPC that needs no key. These URLs are configuration only: nothing here calls them until a user asks the wallet for
 * something on that network. An operator with their own nodes (and bundlers, for smart accounts) lists their networks
 * instead (`FOYER_WALLET_NETWORKS`, `evm` and `solana` of createWalletApp).
 *
 * @type {{ evm: readonly EvmNetworkOptions[], solana: readonly SolanaNetworkOptions[] }}
 */
export const DEFAULT_WALLET_NETWORKS = {
  evm: [
    { chainId: 1, rpcUrl: 'https://ethereum-rpc.publicnode.com' },
    { chainId: 10, rpcUrl: 'https://mainnet.optimism.io' },
    { chainId: 56, rpcUrl: 'https://bsc-dataseed.bnbchain.org', nativeCurrency: currency('BNB', 'BNB') },
    { chainId: 100, rpcUrl: 'https://rpc.gnosischain.com', nativeCurrency: currency('xDAI', 'XDAI') },
    { chainId: 130, rpcUrl: 'https://mainnet.unichain.org' },
    { chainId: 137, rpcUrl: 'https://polygon-rpc.com', nativeCurrency: currency('POL', 'POL') },
    { chainId: 324, rpcUrl: 'https://mainnet.era.zksync.io' },
    { chainId: 1101, rpcUrl: 'https://zkevm-rpc.com' },
    { chainId: 1284, rpcUrl: 'https://rpc.api.moonbeam.network', nativeCurrency: currency('Glimmer', 'GLMR') },
    { chainId: 5000, rpcUrl: 'https://rpc.mantle.xyz', nativeCurrency: currency('Mantle', 'MNT') },
    { chainId: 8453, rpcUrl: 'https://mainnet.base.org' },
    { chainId: 42161, rpcUrl: 'https://arb1.arbitrum.io/rpc' },
    { chainId: 42220, rpcUrl: 'https://forno.celo.org', nativeCurrency: currency('Celo', 'CELO') },
    { chainId: 43114, rpcUrl: 'https://api.avax.network/ext/bc/C/rpc', nativeCurrency: currency('Avalanche', 'AVAX') },
    { chainId: 59144, rpcUrl: 'https://rpc.linea.build' },
    { chainId: 81457, rpcUrl: 'https://rpc.blast.io' },
    { chainId: 534352, rpcUrl: 'https://rpc.scroll.io' },
    { chainId: 7777777, rpcUrl: 'https://rpc.zora.energy' },
    // Testnets.
    { chainId: 11155111, rpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com' },
    { chainId: 84532, rpcUrl: 'https://sepolia.base.org' },
    { chainId: 11155420, rpcUrl: 'https://sepolia.optimism.io' },
    { chainId: 421614, rpcUrl: 'https://sepolia-rollup.arbitrum.io/rpc' },
    { chainId: 80002, rpcUrl: 'https://rpc-amoy.polygon.technology', nativeCurrency: currency('POL', 'POL') },
  ],
  solana: [
    { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'https://api.mainnet-beta.solana.com' },
    { chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VL2xqa1', rpcUrl: 'https://api.devnet.solana.com' },
    { chainId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', rpcUrl: 'https://api.testnet.solana.com' },
  ],
}

/**
 * The wallet's networks from its options; with neither `evm` nor `solana`, DEFAULT_WALLET_NETWORKS.
 *
 * @param {object} options
 * @param {readonly EvmNetworkOptions[]} [options.evm]
 * @param {readonly SolanaNetworkOptions[]} [options.solana] chainId `solana:<genesis hash prefix>`
 * @returns {WalletNetwork[]}
 */
export function walletNetworks(options) {
  const { evm = [], solana = [] } = options.evm === undefined && options.solana === undefined ? DEFAULT_WALLET_NETWORKS : options
  const networks = [
    ...evm.map(({ chainId, rpcUrl, bundlerUrl, eip7702, nativeCurrency }) => ({
      id: String(chainId),
      namespace: /** @type {const} */ ('eip155'),
      rpcUrl,
      ...(bundlerUrl && { bundlerUrl }),
      // EIP-7702 accounts send through the bundler too (sponsored gas, batches): without one the flag means nothing.
      ...(bundlerUrl && eip7702 && { eip7702: true }),
      ...(nativeCurrency && { nativeCurrency }),
    })),
    ...solana.map(({ chainId, rpcUrl }) => ({ id: chainId, namespace: /** @type {const} */ ('solana'), rpcUrl })),
  ]
  for (const network of networks) {
    if (!canonicalChainId(network.id)) throw new TypeError(`Not a chain id: ${JSON.stringify(network.id)}`)
    if (!/^https?:\/\//.test(network.rpcUrl)) throw new TypeError(`The RPC of ${network.id} must be an http(s) URL`)
    if ('bundlerUrl' in network && !/^https?:\/\//.test(String(network.bundlerUrl)))
      throw new TypeError(`The bundler of ${network.id} must be an http(s) URL`)
  }
  if (networks.length === 0) throw new TypeError('The wallet needs at least one network')
  return networks
}

/**
 * rules §5: a chain id is a string or a number: 31337, '31337', '0x7a69', 'eip155:31337' or 'solana:<genesis prefix>'.
 *
 * @param {unknown} chainId
 * @returns {string | undefined} canonical, or undefined when it is none of these
 */
export function canonicalChainId(chainId) {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) && chainId > 0 ? String(chainId) : undefined
  if (typeof chainId !== 'string') return undefined
  if (/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(chainId)) return chainId
  const evm = /^(?:eip155:)?(\d{1,16}|0x[0-9a-f]{1,14})$/i.exec(chainId)?.[1]
  return evm === undefined ? undefined : canonicalChainId(Number(evm))
}

/**
 * The chain id as the host's client expects it: a number on EVM, the CAIP-2 string on Solana.
 *
 * @param {WalletNetwork} network
 */
export const wireChainId = (network) => (network.namespace === 'eip155' ? Number(network.id) : network.id)

/**
 * @param {readonly WalletNetwork[]} networks
 * @param {unknown} chainId
 */
export function findNetwork(networks, chainId) {
  const id = canonicalChainId(chainId)
  return networks.find((network) => network.id === id)
}
