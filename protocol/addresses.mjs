// The address and hash formats of rules §5, checked the same way by the chains, the plugins and the services.

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
// Base58 leaves out 0, O, I and l so that addresses survive being read aloud or retyped.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * True when `value` is an EVM address: 40 hex digits, with or without `0x` (rules §5). The checksum is not verified.
 *
 * @param {unknown} value
 * @returns {value is string}
 * @example
 * isEvmAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // true
 * isEvmAddress('ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // true
 */
export function isEvmAddress(value) {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * An EVM address as wallets expect it: trimmed, with its `0x` (rules §5 lets the visitor leave it out).
 *
 * @param {string} address
 * @returns {string}
 * @example
 * withHexPrefix(' ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'
 */
export function withHexPrefix(address) {
  const trimmed = address.trim()
  return /^0x/i.test(trimmed) ? trimmed : `0x${trimmed}`
}

/**
 * True when `value` is a Solana address: 32 to 44 base58 characters (rules §5).
 *
 * @param {unknown} value
 * @returns {value is string}
 * @example
 * isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 */
export function isSolanaAddress(value) {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}

/**
 * True when `value` is a transaction hash: `0x` and exactly 64 hex characters (rules §5).
 *
 * @param {unknown} value
 * @returns {value is `0x${string}`}
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHash(value) {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/**
 * True when `value` looks like a signature: `0x` and 62 or more hex characters (rules §5).
 *
 * @param {unknown} value
 * @returns {value is `0x${string}`}
 * @example
 * isSignedMessage(`0x${'1b'.repeat(65)}`) // true
 */
export function isSignedMessage(value) {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}
