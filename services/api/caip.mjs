// The API's reading of the addresses and chain ids in its paths and queries (rules §5): plain EVM or Solana
// addresses, CAIP-2 chain ids (a bare number is an eip155 chain) and CAIP-10 account ids, by the protocol layer's
// rules, which the client checks with too. Every failure is a ServiceError with the message the client sees.
import { isCaipNetworkId, isEvmAddress, isSolanaAddress, withHexPrefix } from 'foyer/protocol'
import * as v from 'valibot'
import { getAddress } from 'viem'

import { ServiceError } from '../http/index.mjs'

export { isSolanaAddress }

/**
 * The checksummed form of an EVM address, or undefined when `value` is not one. Any letter case is accepted
 * (a wrong checksum is a display matter, not a different account).
 *
 * @param {string} value
 * @returns {`0x${string}` | undefined}
 */
export function evmAddress(value) {
  if (!isEvmAddress(value)) return undefined
  return getAddress(/** @type {`0x${string}`} */ (withHexPrefix(value).toLowerCase()))
}

/**
 * A valibot schema of an EVM address in any letter case, read as its checksummed form; `message` when it is not one.
 *
 * @param {string} message
 */
export const evmAddressSchema = (message) =>
  v.pipe(
    v.custom((value) => typeof value === 'string' && evmAddress(value) !== undefined, message),
    v.transform((value) => /** @type {`0x${string}`} */ (evmAddress(/** @type {string} */ (value)))),
  )

/**
 * A CAIP-2 chain id from a query parameter; a bare number is read as an eip155 chain.
 *
 * @param {string} value
 * @returns {string}
 */
export function parseChainId(value) {
  const id = /^\d+$/.test(value) ? `eip155:${value}` : value
  if (!isCaipNetworkId(id)) throw new ServiceError(400, null, `Invalid CAIP-2 network id: ${value}`)
  return id
}

/**
 * An account from a path segment: a plain address, or a CAIP-10 id (`eip155:31337:0x…`) whose chain it returns too.
 *
 * @param {string} value
 * @returns {{ address: string, namespace: 'eip155' | 'solana', chainId?: string }}
 */
export function parseAccount(value) {
  const parts = value.split(':')
  if (parts.length === 1) {
    const evm = evmAddress(value)
    if (evm) return { address: evm, namespace: 'eip155' }
    if (isSolanaAddress(value)) return { address: value, namespace: 'solana' }
    throw new ServiceError(400, null, 'Invalid address')
  }
  if (parts.length !== 3) throw new ServiceError(400, null, `Invalid CAIP-10 address: ${value}`)
  const [namespace, reference, address] = /** @type {[string, string, string]} */ (parts)
  const chainId = parseChainId(`${namespace}:${reference}`)
  const account = parseAccount(address)
  if (account.namespace !== namespace) throw new ServiceError(400, null, 'Invalid address')
  return { ...account, chainId }
}

/**
 * A fungible's CAIP-10 id as the price endpoint takes it: `eip155:31337:0x…` or `eip155:31337:native`.
 *
 * @param {unknown} value
 * @returns {{ chainId: string, address: `0x${string}` | 'native' }}
 */
export function parseFungibleId(value) {
  const parts = typeof value === 'string' ? value.split(':') : []
  if (parts.length !== 3) throw new ServiceError(400, null, `Invalid CAIP-10 address: ${String(value).slice(0, 100)}`)
  const [namespace, reference, address] = /** @type {[string, string, string]} */ (parts)
  const chainId = parseChainId(`${namespace}:${reference}`)
  if (address === 'native') return { chainId, address }
  const evm = evmAddress(address)
  if (!evm) throw new ServiceError(400, null, `Invalid CAIP-10 address: ${String(value).slice(0, 100)}`)
  return { chainId, address: evm }
}
