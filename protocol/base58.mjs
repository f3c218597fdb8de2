// Base58 (Bitcoin's alphabet), as Solana writes addresses, messages and signatures and did:key writes keys. Small
// enough to own, so neither the page nor a verifier needs a Solana SDK for it.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Bytes to base58 text.
 *
 * @param {Uint8Array} bytes
 * @returns {string}
 * @example
 * encodeBase58(new Uint8Array([0, 1])) // '12'
 */
export function encodeBase58(bytes) {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  // Each leading zero byte is a leading '1'.
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

/**
 * Base58 text to bytes; undefined for anything that is not base58 text, so input from a wallet or a client is
 * checked by the same call that reads it.
 *
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer> | undefined}
 * @example
 * decodeBase58('12') // Uint8Array [0, 1]
 * decodeBase58('0x') // undefined
 */
export function decodeBase58(text) {
  if (typeof text !== 'string') return undefined
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit === -1) return undefined
    value = value * 58n + BigInt(digit)
  }
  /** @type {number[]} */
  const bytes = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' is a leading zero byte.
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}
