// The user's secret and its three shares (services/wallet/KEYS.md). Runs in the frame, and in Node for the tests
// that play the frame; nothing here talks to the network. The secret is `evmKey (32) ‖ solanaSeed (32)`.
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { hkdf } from '@noble/hashes/hkdf'
import { keccak_256 } from '@noble/hashes/sha3'
import { sha256 } from '@noble/hashes/sha2'
import { entropyToMnemonic, mnemonicToEntropy, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { base58 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'

export const SECRET_BYTES = 64
const IV_BYTES = 12
const text = new TextEncoder()

/** A new user's secret: two independent keys, drawn in the frame. */
export function createSecret() {
  return crypto.getRandomValues(new Uint8Array(SECRET_BYTES))
}

/**
 * A migrating user's secret, from their two old keys.
 *
 * @param {Uint8Array} evmKey 32 bytes @param {Uint8Array} solanaSeed 32 bytes
 */
export function secretOf(evmKey, solanaSeed) {
  if (evmKey.length !== 32 || solanaSeed.length !== 32) throw new Error('Each key must be 32 bytes')
  const secret = new Uint8Array(SECRET_BYTES)
  secret.set(evmKey, 0)
  secret.set(solanaSeed, 32)
  return secret
}

/**
 * 2-of-3: `[device, auth, recovery]`; any two give the secret back.
 *
 * @param {Uint8Array} secret
 */
export async function splitSecret(secret) {
  const [device, auth, recovery] = await split(secret, 3, 2)
  if (!device || !auth || !recovery) throw new Error('split gave fewer than three shares')
  return { device, auth, recovery }
}

/**
 * The secret from two distinct shares.
 *
 * @param {Uint8Array} first @param {Uint8Array} second
 */
export function combineShares(first, second) {
  return combine([first, second])
}

/** @param {Uint8Array} secret */
export const evmKeyOf = (secret) => secret.subarray(0, 32)
/** @param {Uint8Array} secret */
export const solanaSeedOf = (secret) => secret.subarray(32, 64)

/**
 * The addresses a secret controls: the EVM account (checksummed) and the Solana account (base58).
 *
 * @param {Uint8Array} secret
 */
export function addressesOf(secret) {
  return {
    evmAddress: evmAddressOf(secp256k1.getPublicKey(evmKeyOf(secret), false)),
    solanaAddress: base58.encode(ed25519.getPublicKey(solanaSeedOf(secret))),
  }
}

/** EIP-55: the last 20 bytes of keccak(public key), checksummed. @param {Uint8Array} publicKey uncompressed, 65 bytes */
function evmAddressOf(publicKey) {
  const lower = [...keccak_256(publicKey.subarray(1)).subarray(12)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  const hash = keccak_256(text.encode(lower))
  const checksummed = [...lower].map((char, i) => ((((hash[i >> 1] ?? 0) >> (i % 2 ? 0 : 4)) & 15) >= 8 ? char.toUpperCase() : char))
  return /** @type {`0x${string}`} */ (`0x${checksummed.join('')}`)
}

/**
 * The recovery phrase: 12 words whose 128 bits follow from the secret, so the frame can show them again whenever
 * the secret is rebuilt; nobody stores them.
 *
 * @param {Uint8Array} secret
 */
export function phraseOf(secret) {
  return entropyToMnemonic(hkdf(sha256, secret, undefined, 'foyer-wallet/recovery-phrase', 16), wordlist)
}

/**
 * The 32-byte key that wraps the recovery share for a phrase. Throws 'Invalid recovery phrase' for words that are
 * not a phrase (unknown word, wrong count, bad checksum).
 *
 * @param {string} phrase
 */
export function phraseKey(phrase) {
  const words = phrase.trim().toLowerCase().split(/\s+/).join(' ')
  if (!validateMnemonic(words, wordlist)) throw new Error('Invalid recovery phrase')
  return hkdf(sha256, mnemonicToEntropy(words, wordlist), undefined, 'foyer-wallet/recovery-key', 32)
}

/** @param {Uint8Array} key @param {KeyUsage} usage */
const aesKey = (key, usage) => {
  if (key.length !== 32) throw new Error('A wrapping key must be 32 bytes')
  return crypto.subtle.importKey('raw', /** @type {BufferSource} */ (key), 'AES-GCM', false, [usage])
}
/** @param {string} userId */
const aadOf = (userId) => text.encode(`foyer-wallet/recovery/${userId}`)

/**
 * Wraps a share under any 32-byte key (the phrase's, or a passkey's PRF output): `iv (12) ‖ AES-256-GCM`, bound
 * to the user by its AAD. The one interface the phrase and passkeys share (KEYS.md).
 *
 * @param {Uint8Array} key @param {Uint8Array} share @param {string} userId
 */
export async function wrapShare(key, share, userId) {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aadOf(userId) },
    await aesKey(key, 'encrypt'),
    /** @type {BufferSource} */ (share),
  )
  const wrapped = new Uint8Array(IV_BYTES + sealed.byteLength)
  wrapped.set(iv, 0)
  wrapped.set(new Uint8Array(sealed), IV_BYTES)
  return wrapped
}

/**
 * Opens what {@link wrapShare} wrapped; throws 'Wrong recovery key' when the key or the user differ.
 *
 * @param {Uint8Array} key @param {Uint8Array} wrapped @param {string} userId
 */
export async function unwrapShare(key, wrapped, userId) {
  try {
    const iv = wrapped.subarray(0, IV_BYTES)
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: /** @type {BufferSource} */ (iv), additionalData: aadOf(userId) },
      await aesKey(key, 'decrypt'),
      /** @type {BufferSource} */ (wrapped.subarray(IV_BYTES)),
    )
    return new Uint8Array(opened)
  } catch {
    throw new Error('Wrong recovery key')
  }
}

/** @param {Uint8Array} bytes */
export const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes))
/** @param {string} text */
export const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
