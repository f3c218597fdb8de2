// foyer/siwx/server without any service: EOA signatures checked offline, the nonce left to the host's callback.
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { parseSignInMessage, type SignInRefusedError, verifySignIn } from './server.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = new Date('2026-01-01T12:00:00Z')
const message = createSiweMessage({
  address: account.address,
  chainId: 1,
  domain: 'shop.example.com',
  uri: 'https://shop.example.com/login',
  version: '1',
  nonce: 'n0nce1234567',
  issuedAt: NOW,
  expirationTime: new Date(NOW.getTime() + 60_000),
  requestId: 'r-1',
  resources: ['https://shop.example.com/terms'],
  statement: 'Welcome back.',
})

const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: SignInRefusedError) => error.reason)

describe('foyer/siwx/server', () => {
  it('behavior: reads every §3 field of an EIP-4361 message', () => {
    expect(parseSignInMessage(message)).toEqual({
      namespace: 'eip155',
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: 'shop.example.com',
      uri: 'https://shop.example.com/login',
      version: '1',
      nonce: 'n0nce1234567',
      statement: 'Welcome back.',
      resources: ['https://shop.example.com/terms'],
      requestId: 'r-1',
      issuedAt: NOW.toISOString(),
      expirationTime: new Date(NOW.getTime() + 60_000).toISOString(),
      notBefore: undefined,
      serializedMessage: message,
    })
  })

  it('behavior: an EOA verifies offline; the nonce callback is asked last, and its no refuses', async () => {
    const signature = await account.signMessage({ message })
    const asked: string[] = []
    const base = { message, signature, allowedOrigins: ['https://*.example.com'], now: NOW }
    const answer = (fresh: boolean) => (nonce: string) => {
      asked.push(nonce)
      return fresh
    }
    const fields = await verifySignIn({ ...base, consumeNonce: answer(true) })
    expect(fields.accountAddress).toBe(account.address)
    expect(asked).toEqual(['n0nce1234567'])
    expect(await refusal(verifySignIn({ ...base, consumeNonce: answer(false) }))).toBe('nonce')
    const spend = answer(true)
    expect(await refusal(verifySignIn({ ...base, consumeNonce: spend, allowedOrigins: ['https://example.com'] }))).toBe('domain')
    expect(await refusal(verifySignIn({ ...base, consumeNonce: spend, now: new Date(NOW.getTime() + 60_000) }))).toBe('expired')
    expect(await refusal(verifySignIn({ ...base, consumeNonce: spend, chains: ['eip155:10'] }))).toBe('chain')
    expect(await refusal(verifySignIn({ ...base, consumeNonce: spend, message: message.replace('Welcome back.', 'Welcome back!') }))).toBe('signature')
    // A refusal before the signature never spends the nonce.
    expect(asked).toEqual(['n0nce1234567', 'n0nce1234567'])
  })
})
