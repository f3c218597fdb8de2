// foyer/siwx/server without any service: EOA signatures checked offline, the nonce left to the host's callback.
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it, vi } from 'vitest'
import { parseSignInMessage, SignInRefusedError, verifySignIn } from './verifySignIn.mjs'

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

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: SignInRefusedError) => error.reason,
  )

describe('foyer/siwx/server', () => {
  it('reads every rules §3 field of an EIP-4361 message', () => {
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

  it('an EOA verifies offline; the nonce callback is asked last, and its no refuses', async () => {
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
    expect(await refusal(verifySignIn({ ...base, consumeNonce: spend, message: message.replace('Welcome back.', 'Welcome back!') }))).toBe(
      'signature',
    )
    // A refusal before the signature never spends the nonce.
    expect(asked).toEqual(['n0nce1234567', 'n0nce1234567'])
  })

  it('with a node configured, an EOA still verifies without asking it; only a signature its key did not make goes to the node', async () => {
    const calls: string[] = []
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(JSON.parse(String(init.body)).method)
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x' }), { headers: { 'content-type': 'application/json' } })
    })
    try {
      const base = {
        message,
        allowedOrigins: ['https://*.example.com'],
        now: NOW,
        rpcUrls: { 'eip155:1': 'http://node.test' },
        consumeNonce: () => true,
      }
      const fields = await verifySignIn({ ...base, signature: await account.signMessage({ message }) })
      expect(fields.accountAddress).toBe(account.address)
      expect(calls).toEqual([])
      // Another key's signature: only the account's contract could vouch for it, so the node is asked (and refuses).
      const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
      expect(await refusal(verifySignIn({ ...base, signature: await stranger.signMessage({ message }) }))).toBe('signature')
      expect(calls).toEqual(['eth_call'])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('foyer/siwx/server and the grammars (docs/sign-in.md)', () => {
  const spend = () => true
  const base = { allowedOrigins: ['https://*.example.com', 'http://127.0.0.1:*'], now: NOW, consumeNonce: spend }
  const signed = async (text: string) => ({ message: text, signature: await account.signMessage({ message: text }) })

  it('an expired message whose lines are out of order is malformed, naming the line, before any signature check', async () => {
    const text = message.replace(
      /\nExpiration Time: (.*)\nRequest ID: r-1/,
      `\nNot Before: ${new Date(NOW.getTime() - 120_000).toISOString()}\nExpiration Time: ${new Date(NOW.getTime() - 60_000).toISOString()}\nRequest ID: r-1`,
    )
    const error = await verifySignIn({ ...base, ...(await signed(text)) }).catch((caught: SignInRefusedError) => caught)
    expect(error).toBeInstanceOf(SignInRefusedError)
    expect([(error as SignInRefusedError).reason, (error as Error).message]).toEqual([
      'malformed',
      expect.stringMatching(/^Line 12: "Expiration Time: .*" is out of order or repeated/),
    ])
  })

  it('a message’s scheme is read back and must be its URI’s; the origin checked is the scheme’s', async () => {
    const https = `https://${message}`
    expect((await verifySignIn({ ...base, ...(await signed(https)) })).scheme).toBe('https')
    const http = `http://${message}`
    expect(await refusal(verifySignIn({ ...base, ...(await signed(http)) }))).toBe('domain')
    expect(await refusal(verifySignIn({ ...base, allowedOrigins: ['http://shop.example.com'], ...(await signed(http)) }))).toBe('uri')
    expect(await refusal(verifySignIn({ ...base, allowedOrigins: ['http://shop.example.com'], ...(await signed(https)) }))).toBe('domain')
    expect(parseSignInMessage(message).scheme).toBeUndefined()
  })

  it('times are read as instants and given back in UTC', () => {
    const text = message.replace(/Issued At: .*/, 'Issued At: 2026-01-01T13:30:00+01:30')
    expect(parseSignInMessage(text).issuedAt).toBe('2026-01-01T12:00:00.000Z')
  })

  it('whatever the text, parseSignInMessage returns fields or throws SignInRefusedError malformed; nothing else escapes', () => {
    const mangled = fc
      .tuple(fc.nat(message.length), fc.nat(message.length), fc.string({ unit: fc.constantFrom(...' \n:-/[]%@0aZé\r'), maxLength: 4 }))
      .map(([a, b, text]) => {
        const [from, to] = a < b ? [a, b] : [b, a]
        return message.slice(0, from) + text + message.slice(to)
      })
    fc.assert(
      fc.property(fc.oneof(fc.string(), mangled, fc.anything()), (text) => {
        try {
          parseSignInMessage(text as string)
        } catch (error) {
          expect(error).toBeInstanceOf(SignInRefusedError)
          expect((error as SignInRefusedError).reason).toBe('malformed')
        }
      }),
      { numRuns: 500 },
    )
  })

  it('any one-character change to a signed message fails verification', async () => {
    const signature = await account.signMessage({ message })
    expect((await verifySignIn({ ...base, message, signature })).accountAddress).toBe(account.address)
    await fc.assert(
      fc.asyncProperty(
        fc.nat(message.length - 1),
        fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
        fc.boolean(),
        async (at, char, insert) => {
          const changed = message.slice(0, at) + char + message.slice(insert ? at : at + 1)
          fc.pre(changed !== message)
          const error = await verifySignIn({ ...base, message: changed, signature }).then(
            () => undefined,
            (caught: unknown) => caught,
          )
          expect(error).toBeInstanceOf(SignInRefusedError)
        },
      ),
      { numRuns: 150 },
    )
  })
})
