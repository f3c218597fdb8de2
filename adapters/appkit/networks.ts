// The "foyer/appkit/networks" entry: the network objects an AppKit app imports by name, as Foyer networks. A Foyer
// network has the fields an AppKit network has (viem's chain fields with `chainNamespace` and `caipNetworkId`), so the
// objects pass to createAppKit, to `switchNetwork` and to a wagmi or ethers call alike. The EVM ones are viem's chains.
import type { Network } from 'foyer'
import {
  arbitrum as viemArbitrum,
  arbitrumSepolia as viemArbitrumSepolia,
  avalanche as viemAvalanche,
  base as viemBase,
  baseSepolia as viemBaseSepolia,
  bsc as viemBsc,
  celo as viemCelo,
  foundry as viemFoundry,
  gnosis as viemGnosis,
  hardhat as viemHardhat,
  linea as viemLinea,
  mainnet as viemMainnet,
  optimism as viemOptimism,
  optimismSepolia as viemOptimismSepolia,
  polygon as viemPolygon,
  polygonAmoy as viemPolygonAmoy,
  scroll as viemScroll,
  sepolia as viemSepolia,
  zksync as viemZksync,
} from 'viem/chains'

/** A network as AppKit's API passes it around: Foyer's network shape. */
export type AppKitNetwork = Network

/** The fields of an EVM chain (viem's `Chain`) that a network needs. */
interface EvmChainFields {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}

/** An EVM chain as a network: its CAIP-2 id is `eip155:` and its chain id. */
function fromEvmChain({ id, name, nativeCurrency, rpcUrls, blockExplorers, testnet }: EvmChainFields): AppKitNetwork {
  return {
    id,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: rpcUrls.default.http } },
    ...(blockExplorers && { blockExplorers: { default: blockExplorers.default } }),
    ...(testnet !== undefined && { testnet }),
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
  }
}

export const mainnet = fromEvmChain(viemMainnet)
export const sepolia = fromEvmChain(viemSepolia)
export const arbitrum = fromEvmChain(viemArbitrum)
export const arbitrumSepolia = fromEvmChain(viemArbitrumSepolia)
export const avalanche = fromEvmChain(viemAvalanche)
export const base = fromEvmChain(viemBase)
export const baseSepolia = fromEvmChain(viemBaseSepolia)
export const bsc = fromEvmChain(viemBsc)
export const celo = fromEvmChain(viemCelo)
export const gnosis = fromEvmChain(viemGnosis)
export const linea = fromEvmChain(viemLinea)
export const optimism = fromEvmChain(viemOptimism)
export const optimismSepolia = fromEvmChain(viemOptimismSepolia)
export const polygon = fromEvmChain(viemPolygon)
export const polygonAmoy = fromEvmChain(viemPolygonAmoy)
export const scroll = fromEvmChain(viemScroll)
export const zksync = fromEvmChain(viemZksync)
export const hardhat = fromEvmChain(viemHardhat)
export const foundry = fromEvmChain(viemFoundry)

/**
 * A Solana cluster by its genesis hash, whose first 32 characters are its CAIP-2 reference; `formerly` is the id older
 * wallets still use (the chain's own networks, foyer/chains/solana, say the same).
 */
function solanaCluster(genesisHash: string, name: string, rpcUrl: string, testnet: boolean, formerly?: string): AppKitNetwork {
  return {
    ...(formerly && { deprecatedCaipNetworkId: `solana:${formerly}` as const }),
    id: genesisHash.slice(0, 32),
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${genesisHash.slice(0, 32)}`,
  }
}

export const solana = solanaCluster(
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  false,
  '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
)
export const solanaDevnet = solanaCluster(
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  true,
  '8E9rvCKLFQia2Y35HvivXYS8Ro66Fu6j',
)
export const solanaTestnet = solanaCluster(
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  true,
)

/**
 * A network of your own, AppKit's `defineChain`: viem's chain fields with `chainNamespace` and `caipNetworkId`. An EVM
 * chain may leave the two out (they follow from its id).
 *
 * @example
 * const local = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
 */
export function defineChain(network: EvmChainFields | AppKitNetwork): AppKitNetwork {
  if ('caipNetworkId' in network && 'chainNamespace' in network) return network
  if (typeof network.id !== 'number')
    throw new TypeError('defineChain: a network that is not an EVM chain needs its chainNamespace and caipNetworkId.')
  return fromEvmChain(network as EvmChainFields)
}
