// A software passkey authenticator for the wallet's integration tests: it makes an ES256 credential and answers
// WebAuthn ceremonies as a browser and authenticator together would (the JSON form the frame sends), with the
// origin, RP ID and cross-origin top page it is told, so a test can make it lie about any of them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/** Where the ceremony claims to run: the frame's origin, the RP ID it signs for, and the page that embeds it. */
export interface CeremonyPlace {
  origin: string
  rpId: string
  /** The embedding page; a frame on another site reports it as `topOrigin`. */
  topOrigin?: string
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url')

/** Just enough CBOR for an attestation object and a COSE key: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    return Buffer.from([(major << 5) | 25, length >> 8, length & 255])
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])])
  throw new Error(`cbor: cannot encode ${typeof value}`)
}

/** User present and user verified; with attested credential data for a registration. */
const FLAGS = { present: 0x01, verified: 0x04, attested: 0x40 }

export interface SoftPasskey {
  id: string
  privateKey: KeyObject
  counter: number
}

/** One authenticator holding the passkeys it made. */
export function softAuthenticator() {
  const passkeys: SoftPasskey[] = []

  function clientData(type: string, challenge: string, place: CeremonyPlace) {
    const data = {
      type,
      challenge,
      origin: place.origin,
      crossOrigin: place.topOrigin !== undefined,
      ...(place.topOrigin && { topOrigin: place.topOrigin }),
    }
    return Buffer.from(JSON.stringify(data))
  }

  return {
    passkeys,
    /** navigator.credentials.create: a new ES256 passkey for `options` (the wallet's registration options). */
    create(options: { challenge: string }, place: CeremonyPlace, extensions: Record<string, unknown> = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const credentialId = randomBytes(16)
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const length = Buffer.from([credentialId.length >> 8, credentialId.length & 255])
      const authData = Buffer.concat([
        sha256(Buffer.from(place.rpId)),
        Buffer.from([FLAGS.present | FLAGS.verified | FLAGS.attested]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        length,
        credentialId,
        coseKey,
      ])
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      const passkey = { id: b64url(credentialId), privateKey, counter: 0 }
      passkeys.push(passkey)
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, place)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: extensions,
      }
    },
    /** navigator.credentials.get: an assertion by `passkey` (default: the newest) for `options`. */
    get(options: { challenge: string }, place: CeremonyPlace, passkey = passkeys.at(-1)!) {
      passkey.counter += 1
      const counter = Buffer.alloc(4)
      counter.writeUInt32BE(passkey.counter)
      const authData = Buffer.concat([sha256(Buffer.from(place.rpId)), Buffer.from([FLAGS.present | FLAGS.verified]), counter])
      const data = clientData('webauthn.get', options.challenge, place)
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey)
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: undefined,
        },
        clientExtensionResults: {},
      }
    },
  }
}
