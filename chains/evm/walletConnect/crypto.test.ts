// Our WalletConnect cryptography against the SDK's own (@walletconnect/utils and
// @walletconnect/relay-auth, devDependencies): each side opens what the other sealed, derives the
// same keys and topics, and the relay-auth package accepts our token.
import { ed25519 } from '@noble/curves/ed25519.js'
import { generateKeyPair as relayKeyPair, signJWT, verifyJWT } from '@walletconnect/relay-auth'
import * as sdk from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import {
  deriveSymKey,
  fromBase64,
  generateKeyPair,
  hexToBytes,
  openEnvelope,
  randomKey,
  readEnvelope,
  sealEnvelope,
  toBase64,
  topicOf,
} from './crypto.js'
import { didKeyOf, relayClientId, signRelayJwt } from './relayAuth.js'

const payload = JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'wc_sessionPing', params: { note: 'héllo ✓' } })

describe('walletConnect crypto', () => {
  it('a shared key derived on either side is the SDK’s, and so is its topic', () => {
    const ours = generateKeyPair()
    const theirs = sdk.generateKeyPair()
    const symKey = deriveSymKey(ours.privateKey, theirs.publicKey)
    expect(symKey).toBe(sdk.deriveSymKey(theirs.privateKey, ours.publicKey))
    expect(symKey).toMatch(/^[0-9a-f]{64}$/)
    expect(topicOf(symKey)).toBe(sdk.hashKey(symKey))
  })

  it('the SDK opens our type 0 envelope and we open its', () => {
    const symKey = randomKey()
    expect(sdk.decrypt({ symKey, encoded: sealEnvelope(symKey, payload) })).toBe(payload)
    expect(openEnvelope(symKey, sdk.encrypt({ symKey, message: payload }))).toBe(payload)
  })

  it('type 1 envelopes carry the sender key both ways', () => {
    const symKey = randomKey()
    const sender = generateKeyPair().publicKey
    const theirs = sdk.encrypt({ symKey, message: payload, type: 1, senderPublicKey: sender })
    expect(readEnvelope(theirs)?.senderPublicKey).toBe(sender)
    expect(openEnvelope(symKey, theirs)).toBe(payload)
    const ours = sealEnvelope(symKey, payload, sender)
    expect(sdk.validateDecoding(ours, { receiverPublicKey: sender }).senderPublicKey).toBe(sender)
    expect(sdk.decrypt({ symKey, encoded: ours })).toBe(payload)
  })

  it('a wrong key, a tampered byte or junk opens to nothing, never a throw', () => {
    const symKey = randomKey()
    const sealed = sealEnvelope(symKey, payload)
    expect(openEnvelope(randomKey(), sealed)).toBeUndefined()
    const bytes = fromBase64(sealed)!
    bytes[bytes.length - 1]! ^= 1
    expect(openEnvelope(symKey, toBase64(bytes))).toBeUndefined()
    for (const junk of ['', '!!!', 'AA==', toBase64(new Uint8Array([2, ...new Uint8Array(40)])), 'A'.repeat(101)]) {
      expect(openEnvelope(symKey, junk)).toBeUndefined()
    }
  })

  it('base64 round-trips every length as Node writes it', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      const text = toBase64(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64'))
      expect(fromBase64(text)).toEqual(bytes)
    }
  })
})

describe('walletConnect relay auth', () => {
  it('@walletconnect/relay-auth verifies our token, whose claims are as the relay expects', async () => {
    const seed = randomKey()
    const now = Math.floor(Date.now() / 1000)
    const jwt = signRelayJwt({ seed, audience: 'wss://relay.example', now })
    await expect(verifyJWT(jwt)).resolves.toBe(true)
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ iss: relayClientId(seed), aud: 'wss://relay.example', iat: now, exp: now + 86_400 })
    expect(claims.sub).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a token with a changed claim fails the SDK’s verification', async () => {
    const jwt = signRelayJwt({ seed: randomKey(), audience: 'wss://relay.example', now: Math.floor(Date.now() / 1000) })
    const [header, body, signature] = jwt.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), aud: 'wss://evil.example' }),
    ).toString('base64url')
    await expect(verifyJWT(`${header}.${forged}.${signature}`)).resolves.toBe(false)
  })

  it('the did:key of a key is the SDK’s encoding of it', async () => {
    const seed = randomKey()
    const theirs = await signJWT('subject', 'wss://relay.example', 60, relayKeyPair(hexToBytes(seed)))
    const theirIssuer = JSON.parse(Buffer.from(theirs.split('.')[1]!, 'base64url').toString()).iss
    expect(relayClientId(seed)).toBe(theirIssuer)
    expect(didKeyOf(ed25519.getPublicKey(hexToBytes(seed)))).toBe(theirIssuer)
    // Leading zero bytes become '1's in base58: a key that starts with zeros still encodes the same way.
    expect(didKeyOf(new Uint8Array(32))).toMatch(/^did:key:z6Mk/)
  })
})
