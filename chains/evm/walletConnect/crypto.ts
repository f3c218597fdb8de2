// The cryptography of WalletConnect v2 on the audited @noble packages: X25519 key agreement, HKDF-SHA256
// for the symmetric key, SHA-256 for topics and ChaCha20-Poly1305 for the envelopes the relay carries.
// Keys and topics travel as lower-case hex, envelopes as padded base64, as the protocol writes them.
import { chacha20poly1305 } from '@noble/ciphers/chacha.js'
import { x25519 } from '@noble/curves/ed25519.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'

const KEY_BYTES = 32
const IV_BYTES = 12
/** Envelope type 0: sealed with a key both sides already hold (pairing or session). */
export const ENVELOPE_SEALED = 0
/** Envelope type 1: as type 0, with the sender's X25519 public key in front. */
export const ENVELOPE_WITH_SENDER = 1

export { bytesToHex, hexToBytes }

/** `length` bytes from the platform's CSPRNG. */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length))
}

/** 32 random bytes as hex: a symmetric key, or a relay JWT subject. */
export function randomKey(): string {
  return bytesToHex(randomBytes(KEY_BYTES))
}

export interface KeyPair {
  /** X25519 private key, hex. */
  privateKey: string
  /** X25519 public key, hex. */
  publicKey: string
}

/** A fresh X25519 key pair, as the proposer of a session holds one. */
export function generateKeyPair(): KeyPair {
  const privateKey = randomBytes(KEY_BYTES)
  return { privateKey: bytesToHex(privateKey), publicKey: bytesToHex(x25519.getPublicKey(privateKey)) }
}

/** The session key both sides derive: HKDF-SHA256 (no salt, no info) over the X25519 shared secret. */
export function deriveSymKey(privateKey: string, peerPublicKey: string): string {
  const shared = x25519.getSharedSecret(hexToBytes(privateKey), hexToBytes(peerPublicKey))
  return bytesToHex(hkdf(sha256, shared, undefined, undefined, KEY_BYTES))
}

/** The topic a symmetric key is used on: SHA-256 of the key's bytes, hex. */
export function topicOf(symKey: string): string {
  return bytesToHex(sha256(hexToBytes(symKey)))
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Padded standard base64 (btoa works on Latin-1 strings only, and Node's Buffer is not in browsers). */
export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const count = Math.min(3, bytes.length - i)
    for (let j = 0; j < 4; j++) text += j <= count ? BASE64[(chunk >> (18 - 6 * j)) & 63] : '='
  }
  return text
}

/** Padded or unpadded standard base64 → bytes; undefined for anything else. */
export function fromBase64(text: string): Uint8Array | undefined {
  const body = text.replace(/={1,2}$/, '')
  if (!/^[A-Za-z0-9+/]*$/.test(body) || body.length % 4 === 1) return undefined
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4))
  let bits = 0
  let value = 0
  let at = 0
  for (const char of body) {
    value = (value << 6) | BASE64.indexOf(char)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (value >> bits) & 255
    }
  }
  return bytes
}

/**
 * Seals `message` (a JSON-RPC payload as text) for the relay: type 0 is `0x00 ‖ iv ‖ sealed`, type 1
 * (when `senderPublicKey` is given) `0x01 ‖ senderPublicKey ‖ iv ‖ sealed`, in padded base64.
 */
export function sealEnvelope(symKey: string, message: string, senderPublicKey?: string): string {
  const iv = randomBytes(IV_BYTES)
  const sealed = chacha20poly1305(hexToBytes(symKey), iv).encrypt(new TextEncoder().encode(message))
  const sender = senderPublicKey ? hexToBytes(senderPublicKey) : new Uint8Array()
  const type = senderPublicKey ? ENVELOPE_WITH_SENDER : ENVELOPE_SEALED
  const bytes = new Uint8Array(1 + sender.length + IV_BYTES + sealed.length)
  bytes[0] = type
  bytes.set(sender, 1)
  bytes.set(iv, 1 + sender.length)
  bytes.set(sealed, 1 + sender.length + IV_BYTES)
  return toBase64(bytes)
}

/** The parts of an envelope, or undefined for one that is neither type 0 nor type 1. */
export function readEnvelope(encoded: string): { type: number; senderPublicKey?: string; iv: Uint8Array; sealed: Uint8Array } | undefined {
  const bytes = fromBase64(encoded)
  if (!bytes || bytes.length < 1 + IV_BYTES + 16) return undefined
  if (bytes[0] === ENVELOPE_SEALED) return { type: ENVELOPE_SEALED, iv: bytes.slice(1, 1 + IV_BYTES), sealed: bytes.slice(1 + IV_BYTES) }
  if (bytes[0] === ENVELOPE_WITH_SENDER && bytes.length >= 1 + KEY_BYTES + IV_BYTES + 16) {
    return {
      type: ENVELOPE_WITH_SENDER,
      senderPublicKey: bytesToHex(bytes.slice(1, 1 + KEY_BYTES)),
      iv: bytes.slice(1 + KEY_BYTES, 1 + KEY_BYTES + IV_BYTES),
      sealed: bytes.slice(1 + KEY_BYTES + IV_BYTES),
    }
  }
  return undefined
}

/** Opens an envelope sealed with `symKey`; undefined when it is malformed or fails authentication. */
export function openEnvelope(symKey: string, encoded: string): string | undefined {
  const envelope = readEnvelope(encoded)
  if (!envelope) return undefined
  try {
    const opened = chacha20poly1305(hexToBytes(symKey), envelope.iv).decrypt(envelope.sealed)
    return new TextDecoder('utf-8', { fatal: true }).decode(opened)
  } catch {
    return undefined
  }
}
