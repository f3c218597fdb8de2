// The relay's auth token: a JWT signed with the client's Ed25519 key (EdDSA), whose issuer is that key
// as a did:key, the audience the relay URL, the subject a random nonce. The relay reads the issuer as
// the client id, so the key is kept with the client's other state and survives reloads.
import { ed25519 } from '@noble/curves/ed25519.js'
import { encodeBase58 } from 'foyer/protocol'
import { hexToBytes, randomKey, toBase64 } from './crypto.js'

/** How long a relay token is valid: one day, as WalletConnect's clients sign them. */
export const RELAY_JWT_TTL_SECONDS = 24 * 60 * 60

// The multicodec prefix of an Ed25519 public key (0xed, varint-encoded).
const ED25519_MULTICODEC = [0xed, 0x01]

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const json = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)))

/** An Ed25519 public key as `did:key:z…` (multibase base58btc of the multicodec-prefixed key). */
export function didKeyOf(publicKey: Uint8Array): string {
  return `did:key:z${encodeBase58(new Uint8Array([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** The client id the relay sees for an Ed25519 seed (hex). */
export function relayClientId(seed: string): string {
  return didKeyOf(ed25519.getPublicKey(hexToBytes(seed)))
}

export interface RelayJwtParameters {
  /** The client's Ed25519 seed, 32 bytes hex. */
  seed: string
  /** The relay URL, as the client connects to it (without the query). */
  audience: string
  /** Unix seconds. */
  now: number
  /** @default RELAY_JWT_TTL_SECONDS */
  ttl?: number
}

/** A signed relay token for `?auth=`. */
export function signRelayJwt({ seed, audience, now, ttl = RELAY_JWT_TTL_SECONDS }: RelayJwtParameters): string {
  const header = json({ alg: 'EdDSA', typ: 'JWT' })
  const payload = json({ iss: relayClientId(seed), sub: randomKey(), aud: audience, iat: now, exp: now + ttl })
  const signature = ed25519.sign(new TextEncoder().encode(`${header}.${payload}`), hexToBytes(seed))
  return `${header}.${payload}.${toBase64Url(signature)}`
}
