import type { Kernel } from '../core/createKernel.js'

// The formats of one chain family (isEvmAddress, isSolanaAddress, transaction hashes …) are the protocol layer's
// (protocol/addresses.mjs); here only what asks the chain that serves a namespace, and display.
const OTHER_ADDRESS = /^\S{1,128}$/

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
