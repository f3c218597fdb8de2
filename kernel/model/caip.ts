import { InvalidCaip10AddressError, InvalidCaip2NetworkIdError, InvalidCaipAddressError } from '../core/errors/catalogue.js'

/**
 * The chain families Foyer knows (rules §3 Network.chainNamespace), in a stable order.
 *
 * @example
 * CHAIN_NAMESPACES.includes('solana') // true
 */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'] as const

/** A chain family Foyer knows: one of {@link CHAIN_NAMESPACES}. */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** A CAIP-2 network id, `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`

/** A CAIP-10 account id, `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`

/** The two parts of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  /** The chain family, e.g. `eip155`. Any well-formed CAIP-2 namespace, not only a {@link ChainNamespace}. */
  namespace: string
  /** The network within the family, e.g. `1`. */
  reference: string
}

/** The parts of a CAIP-10 account id. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  /** The account address, e.g. `0xab…`. */
  address: string
  /** The CAIP-2 id of the network the account lives on, e.g. `eip155:1`. */
  networkId: CaipNetworkId
}

// The character sets and lengths of the CAIP-2 and CAIP-10 specifications.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * True when `value` is one of the chain families Foyer knows.
 *
 * @example
 * isChainNamespace('eip155') // true
 * isChainNamespace('tezos') // false
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly unknown[]).includes(value)
}

/**
 * Splits a CAIP-2 network id into its namespace and reference.
 *
 * @throws {InvalidCaip2NetworkIdError} unless `id` has exactly two well-formed parts.
 * @example
 * parseCaipNetworkId('eip155:137') // { namespace: 'eip155', reference: '137' }
 */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const [namespace = '', reference = '', ...rest] = typeof id === 'string' ? id.split(':') : []
  if (rest.length > 0 || !isNetworkPart(namespace, reference)) throw new InvalidCaip2NetworkIdError(describe(id))
  return { namespace, reference }
}

/**
 * Splits a CAIP-10 account id into its parts.
 *
 * @throws {InvalidCaipAddressError} unless `address` is a string of exactly three colon-separated parts.
 * @throws {InvalidCaip10AddressError} when one of the three parts is malformed.
 * @example
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // { namespace: 'eip155', reference: '1', address: '0xab16…', networkId: 'eip155:1' }
 */
export function parseCaipAddress(address: string): ParsedCaipAddress {
  const parts = typeof address === 'string' ? address.split(':') : []
  if (parts.length !== 3) {
    throw new InvalidCaipAddressError({ details: `expected namespace:reference:address, got ${describe(address)}` })
  }
  const [namespace = '', reference = '', account = ''] = parts
  if (!isNetworkPart(namespace, reference) || !ACCOUNT_ADDRESS.test(account)) throw new InvalidCaip10AddressError(address)
  return { namespace, reference, address: account, networkId: `${namespace}:${reference}` }
}

/**
 * Joins a namespace and a reference into a CAIP-2 network id.
 *
 * @throws {InvalidCaip2NetworkIdError} when either part is malformed.
 * @example
 * formatCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function formatCaipNetworkId(namespace: string, reference: string): CaipNetworkId {
  const id: CaipNetworkId = `${namespace}:${reference}`
  // Parsing the result also rejects a colon hidden inside either part.
  parseCaipNetworkId(id)
  return id
}

/**
 * Joins a CAIP-2 network id and an account address into a CAIP-10 account id.
 *
 * @throws {InvalidCaipAddressError | InvalidCaip10AddressError} when the result would not parse.
 * @example
 * formatCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // 'eip155:1:0xab16…'
 */
export function formatCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  const caipAddress: CaipAddress = `${networkId}:${address}`
  parseCaipAddress(caipAddress)
  return caipAddress
}

// A value from a wallet or a service may be anything, even an object whose toString throws (the property test's
// `{ toString: '' }`); the error must still be rules §5's, never a TypeError from building its message.
function describe(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

function isNetworkPart(namespace: string, reference: string): boolean {
  return NAMESPACE.test(namespace) && REFERENCE.test(reference)
}
