// CAIP-2 network ids and CAIP-10 account ids (rules §5), parsed and written once for the client and the services.
import { BaseError } from './BaseError.mjs'

/**
 * The chain families Foyer knows (rules §3 Network.chainNamespace), in a stable order.
 *
 * @example
 * CHAIN_NAMESPACES.includes('solana') // true
 */
export const CHAIN_NAMESPACES = /** @type {const} */ (['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])

/** @typedef {(typeof CHAIN_NAMESPACES)[number]} ChainNamespace A chain family Foyer knows: one of {@link CHAIN_NAMESPACES}. */
/** @typedef {`${string}:${string}`} CaipNetworkId A CAIP-2 network id, `namespace:reference`, e.g. `eip155:1`. */
/** @typedef {`${string}:${string}:${string}`} CaipAddress A CAIP-10 account id, `namespace:reference:address`, e.g. `eip155:1:0xab…`. */

/**
 * The two parts of a CAIP-2 network id.
 *
 * @typedef {object} ParsedCaipNetworkId
 * @property {string} namespace The chain family, e.g. `eip155`. Any well-formed CAIP-2 namespace, not only a {@link ChainNamespace}.
 * @property {string} reference The network within the family, e.g. `1`.
 */

/**
 * The parts of a CAIP-10 account id.
 *
 * @typedef {object} ParsedCaipAddress
 * @property {string} namespace The chain family, e.g. `eip155`.
 * @property {string} reference The network within the family, e.g. `1`.
 * @property {string} address The account address, e.g. `0xab…`.
 * @property {CaipNetworkId} networkId The CAIP-2 id of the network the account lives on, e.g. `eip155:1`.
 */

/** rules §5: an account id without its three parts. */
export class InvalidCaipAddressError extends BaseError {
  /** @override */
  name = 'InvalidCaipAddressError'
  /** @param {import('./BaseError.mjs').BaseErrorOptions} [options] */
  constructor(options) {
    super('Invalid CAIP Address', options)
  }
}

/** rules §5: a CAIP-10 account id whose parts are malformed. */
export class InvalidCaip10AddressError extends BaseError {
  /** @override */
  name = 'InvalidCaip10AddressError'
  /** @param {string} address @param {import('./BaseError.mjs').BaseErrorOptions} [options] */
  constructor(address, options) {
    super(`Invalid CAIP-10 address: ${address}`, options)
  }
}

/** rules §5: a CAIP-2 network id without its two parts. */
export class InvalidCaip2NetworkIdError extends BaseError {
  /** @override */
  name = 'InvalidCaip2NetworkIdError'
  /** @param {string} networkId @param {import('./BaseError.mjs').BaseErrorOptions} [options] */
  constructor(networkId, options) {
    super(`Invalid CAIP-2 network id: ${networkId}`, options)
  }
}

// The character sets and lengths of the CAIP-2 and CAIP-10 specifications.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * True when `value` is one of the chain families Foyer knows.
 *
 * @param {unknown} value
 * @returns {value is ChainNamespace}
 * @example
 * isChainNamespace('eip155') // true
 * isChainNamespace('tezos') // false
 */
export function isChainNamespace(value) {
  return /** @type {readonly unknown[]} */ (CHAIN_NAMESPACES).includes(value)
}

/**
 * Splits a CAIP-2 network id into its namespace and reference.
 *
 * @param {string} id
 * @returns {ParsedCaipNetworkId}
 * @throws {InvalidCaip2NetworkIdError} unless `id` has exactly two well-formed parts.
 * @example
 * parseCaipNetworkId('eip155:137') // { namespace: 'eip155', reference: '137' }
 */
export function parseCaipNetworkId(id) {
  const [namespace = '', reference = '', ...rest] = typeof id === 'string' ? id.split(':') : []
  if (rest.length > 0 || !isNetworkPart(namespace, reference)) throw new InvalidCaip2NetworkIdError(describe(id))
  return { namespace, reference }
}

/**
 * True when `value` is a well-formed CAIP-2 network id.
 *
 * @param {unknown} value
 * @returns {value is CaipNetworkId}
 * @example
 * isCaipNetworkId('eip155:1') // true
 */
export function isCaipNetworkId(value) {
  if (typeof value !== 'string') return false
  const [namespace = '', reference = '', ...rest] = value.split(':')
  return rest.length === 0 && isNetworkPart(namespace, reference)
}

/**
 * Splits a CAIP-10 account id into its parts.
 *
 * @param {string} address
 * @returns {ParsedCaipAddress}
 * @throws {InvalidCaipAddressError} unless `address` is a string of exactly three colon-separated parts.
 * @throws {InvalidCaip10AddressError} when one of the three parts is malformed.
 * @example
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // { namespace: 'eip155', reference: '1', address: '0xab16…', networkId: 'eip155:1' }
 */
export function parseCaipAddress(address) {
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
 * @param {string} namespace
 * @param {string} reference
 * @returns {CaipNetworkId}
 * @throws {InvalidCaip2NetworkIdError} when either part is malformed.
 * @example
 * formatCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function formatCaipNetworkId(namespace, reference) {
  /** @type {CaipNetworkId} */
  const id = `${namespace}:${reference}`
  // Parsing the result also rejects a colon hidden inside either part.
  parseCaipNetworkId(id)
  return id
}

/**
 * Joins a CAIP-2 network id and an account address into a CAIP-10 account id.
 *
 * @param {CaipNetworkId} networkId
 * @param {string} address
 * @returns {CaipAddress}
 * @throws {InvalidCaipAddressError | InvalidCaip10AddressError} when the result would not parse.
 * @example
 * formatCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // 'eip155:1:0xab16…'
 */
export function formatCaipAddress(networkId, address) {
  /** @type {CaipAddress} */
  const caipAddress = `${networkId}:${address}`
  parseCaipAddress(caipAddress)
  return caipAddress
}

// A value from a wallet or a service may be anything, even an object whose toString throws (the property test's
// `{ toString: '' }`); the error must still be rules §5's, never a TypeError from building its message.
/** @param {unknown} value */
function describe(value) {
  if (typeof value === 'string') return value
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** @param {string} namespace @param {string} reference */
function isNetworkPart(namespace, reference) {
  return NAMESPACE.test(namespace) && REFERENCE.test(reference)
}
