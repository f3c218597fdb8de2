import type { Kernel } from '../core/createKernel.js'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
// Base58 leaves out 0, O, I and l so that addresses survive being read aloud or retyped.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const OTHER_ADDRESS = /^\S{1,128}$/
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * True when `value` is an EVM address: 40 hex digits, with or without `0x` (rules §5). The checksum is not verified.
 *
 * @example
 * isEvmAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // true
 * isEvmAddress('ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // true
 */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * An EVM address as wallets expect it: trimmed, with its `0x` (rules §5 lets the visitor leave it out).
 *
 * @example
 * withHexPrefix(' ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'
 */
export function withHexPrefix(address: string): string {
  const trimmed = address.trim()
  return /^0x/i.test(trimmed) ? trimmed : `0x${trimmed}`
}

/**
 * True when `value` is a Solana address: 32 to 44 base58 characters (rules §5).
 *
 * @example
 * isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}

/**
 * True when `value` is an address on `namespace`, by the rules of the chain that serves it (its
 * `address` capability: EVM and Solana per rules §5). Where no chain says, Foyer knows no format and only
 * asks for 1 to 128 characters without whitespace.
 *
 * @example
 * isValidAddress(kernel, 'solana', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // false with solana()
 * isValidAddress(kernel, 'bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 */
export function isValidAddress(kernel: Pick<Kernel, 'chains'>, namespace: string, value: unknown): value is string {
  if (typeof value !== 'string') return false
  const rules = kernel.chains.get(namespace)?.capabilities?.address
  return rules ? rules.isValid(value) : OTHER_ADDRESS.test(value)
}

/** The address as the namespace's wallets expect it (an EVM address gets its `0x`), trimmed. */
export function normalizeAddress(kernel: Pick<Kernel, 'chains'>, namespace: string, address: string): string {
  const normalize = kernel.chains.get(namespace)?.capabilities?.address?.normalize
  return normalize ? normalize(address) : address.trim()
}

/**
 * True when `value` is a transaction hash: `0x` and exactly 64 hex characters (rules §5).
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/**
 * True when `value` looks like a signature: `0x` and 62 or more hex characters (rules §5).
 *
 * @example
 * isSignedMessage(`0x${'1b'.repeat(65)}`) // true
 */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/**
 * Shortens an address for display, keeping `head` characters at the start and `tail` at the end. A `0x` prefix is
 * kept and not counted in `head`. Addresses that would not get shorter are returned as they are.
 *
 * @param head characters kept at the start (after any `0x`). @default 4
 * @param tail characters kept at the end. @default 4
 * @example
 * shortenAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // '0xab16…fcdb'
 * shortenAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', 6, 6) // '7S3P4H…ArAaKv'
 */
export function shortenAddress(address: string, head = 4, tail = 4): string {
  // Only EVM-style values (addresses, hashes) start with 0x: it is not valid base58 or bech32.
  const prefix = address.startsWith('0x') ? '0x' : ''
  const body = address.slice(prefix.length)
  const [start, end] = [Math.max(0, Math.floor(head)), Math.max(0, Math.floor(tail))]
  // Shortening must save at least one character beyond the ellipsis it adds.
  if (body.length <= start + end + 1) return address
  return `${prefix}${body.slice(0, start)}…${end > 0 ? body.slice(-end) : ''}`
}
