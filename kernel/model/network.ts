import type { CaipNetworkId } from 'foyer/protocol'

/** A network a chain plugin serves (rules §3). */
export interface Network {
  /** The chain's own id: a number for EVM chains, a string elsewhere. */
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  chainNamespace: string
  caipNetworkId: CaipNetworkId
  /** An older id wallets may still use for this network (rules §3). */
  deprecatedCaipNetworkId?: CaipNetworkId
  /** An icon for lists: https or data:image only. */
  imageUrl?: string
}

/** Account types (rules §6). */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** One account of a connection (rules §3). */
export interface Account {
  namespace: string
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

/** How a connector reaches its wallet. */
export type ConnectorType = 'injected' | 'announced' | 'walletConnect' | 'external' | 'auth' | 'custom'

/**
 * A way to connect one wallet (rules §3). rules §3 names one `chain`; a connector here may serve several
 * namespaces at once (an embedded wallet's one login yields an EVM and a Solana account).
 */
export interface Connector {
  id: string
  name: string
  /** The namespaces it connects (`eip155`, `solana` …), the first being its main one. */
  namespaces: readonly string[]
  type: ConnectorType
  info?: { rdns?: string }
  /** https or data:image only; anything else is dropped before it reaches the page. */
  imageUrl?: string
  /** True when the wallet is present in this browser. */
  installed?: boolean
}

/**
 * True for URLs an <img> may load from untrusted data (DESIGN security rules): https and
 * data:image, and plain http on loopback only, where the self-hosted services run in development.
 */
export function isSafeImageUrl(url: unknown): url is string {
  return (
    typeof url === 'string' &&
    (/^https:\/\//i.test(url) || /^data:image\//i.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(url))
  )
}

/** True for an http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** True when `networkId` is the network's id or its deprecated id. */
export function isSameNetwork(network: Network, networkId: string): boolean {
  return network.caipNetworkId === networkId || network.deprecatedCaipNetworkId === networkId
}
