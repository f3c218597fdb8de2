// Hex text for EVM addresses, quantities and messages without viem: a connection only needs keccak-256 (#21).
import { keccak_256 } from '@noble/hashes/sha3.js'
import { isEvmAddress } from 'foyer/protocol'

/**
 * `address` in EIP-55 mixed case: each hex letter upper case where the keccak-256 of the lower-case
 * address has a nibble of 8 or more. Accepts any case; the checksum of the input is not verified.
 *
 * @throws {Error} when `address` is not 40 hex digits after `0x`.
 * @example
 * checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function checksumAddress(address: string): `0x${string}` {
  if (!isHexAddress(address)) throw new Error(`'${address}' is not an EVM address.`)
  const hex = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let checksummed = '0x'
  for (let index = 0; index < hex.length; index++) {
    const nibble = index % 2 === 0 ? hash[index >> 1]! >> 4 : hash[index >> 1]! & 0x0f
    checksummed += nibble >= 8 ? hex[index]!.toUpperCase() : hex[index]
  }
  return checksummed as `0x${string}`
}

/** True when `address` is `0x` and 40 hex digits, in any case (wallets send all-lower-case ones). */
export function isHexAddress(address: unknown): address is `0x${string}` {
  return isEvmAddress(address) && address.startsWith('0x')
}

/** The `0x` hex of a non-negative integer, as JSON-RPC quantities are written. */
export function toQuantity(value: number | bigint): `0x${string}` {
  return `0x${value.toString(16)}`
}

/** The `0x` hex of `text`'s UTF-8 bytes, as personal_sign takes a message. */
export function utf8ToHex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
