// The sign-in calls (rules §7 sessions) over real HTTP, against real parts: PGlite in a temporary directory, anvil (whose
// node checks a deployed ERC-1271 account's signature) and ed25519 keys from WebCrypto for Solana.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { getBase58Decoder } from '@solana/kit'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Abi, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { toFoyerAccount } from '../../dev/bundler/index.mjs'
import { ANVIL_ACCOUNTS, compileContracts, ENTRY_POINT_08, FOYER_ACCOUNT_ARTIFACT, startAnvil } from '../../dev/devchain/index.mjs'
import type { Database } from '../../storage/index.mjs'
import { NONCE_TTL_MS, startApi, type BlockchainApi } from '../index.mjs'
import { openEmptyDatabase } from '../../../test/databaseTemplate.js'

const PROJECT = 'foyer-test'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const CHAIN_ID = 31337
const SOLANA_CHAIN = 'solana:localnet'
const ORIGIN = 'http://127.0.0.1:5173'
const SLOW = { timeout: 60_000 }

type Json = any

let scratch: string
let database: Database
let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: BlockchainApi
/** Added to Date.now() by the API's clock, so a nonce or a message goes stale without waiting. */
let clockOffset = 0

const [alice, bob, carol] = ANVIL_ACCOUNTS.map((account) => privateKeyToAccount(account.privateKey)) as [
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
]

async function call(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${pathname}?${CLIENT}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId: PROJECT, ...body }) }),
  })
  return { status: response.status, body: await response.json() }
}

const nonce = async (): Promise<string> => (await call('POST', '/v1/sessions/nonce', {})).body.nonce
const signIn = (message: string, signature: string) => call('POST', '/v1/sessions', { message, signature })

/** An EIP-4361 message as the siwx plugin writes it, with a fresh nonce unless told otherwise. */
async function siwe(address: string, fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    address: address as Hex,
    chainId: CHAIN_ID,
    domain: '127.0.0.1:5173',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: await nonce(),
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
    statement: 'Sign in to the demo.',
    ...fields,
  })
}

async function solanaKey() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair
  const address = getBase58Decoder().decode(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)))
  const sign = async (message: string) =>
    getBase58Decoder().decode(
      new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(message))),
    )
  return { address, sign }
}

const refused = (status: number, reason: string) => ({ status, body: { error: expect.any(String), reason } })

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-sessions-'))
  ;[database, anvil] = await Promise.all([openEmptyDatabase(path.join(scratch, 'data')), startAnvil({ port: 0, chainId: CHAIN_ID })])
  api = await startApi({
    chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
    // Never read: the sign-in calls need only its chain id.
    solana: { rpcUrl: 'http://127.0.0.1:9', chainId: SOLANA_CHAIN },
    database,
    allowedOrigins: ['http://127.0.0.1:*', 'https://*.example.com'],
    now: () => Date.now() + clockOffset,
    log: () => {},
  })
  // PGlite alone takes a minute on a loaded 2-core machine (as in services/storage/storage.integration.test.ts).
}, 300_000)

afterAll(async () => {
  await api?.stop()
  await Promise.allSettled([anvil?.stop(), database?.close()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

beforeEach(() => {
  clockOffset = 0
})

describe('the sign-in calls', () => {
  it('an EOA signs in; the session is found, then revoked', SLOW, async () => {
    const message = await siwe(alice.address)
    const created = await signIn(message, await alice.signMessage({ message }))
    expect(created).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'active',
        chainId: `eip155:${CHAIN_ID}`,
        address: alice.address,
        domain: '127.0.0.1:5173',
        message,
        revokedAt: null,
      }),
    })
    const { id } = created.body
    expect(id).toMatch(/^[\w-]{43}$/)
    expect(await call('GET', `/v1/sessions/${id}`)).toEqual({ status: 200, body: created.body })

    const revoked = await call('POST', `/v1/sessions/${id}/revoke`, { pci: id })
    expect(revoked.body).toMatchObject({ id, status: 'revoked', revokedAt: expect.any(String) })
    expect((await call('GET', `/v1/sessions/${id}`)).body.status).toBe('revoked')
  })

  it('a session past its expiration time reads as expired', SLOW, async () => {
    const message = await siwe(alice.address, { expirationTime: new Date(Date.now() + 60_000) })
    const { body } = await signIn(message, await alice.signMessage({ message }))
    clockOffset = 120_000
    expect((await call('GET', `/v1/sessions/${body.id}`)).body.status).toBe('expired')
  })

  it('refuses a reused nonce, an unknown one and one past its 10 minutes', SLOW, async () => {
    const message = await siwe(alice.address)
    const signature = await alice.signMessage({ message })
    expect((await signIn(message, signature)).status).toBe(200)
    expect(await signIn(message, signature)).toEqual(refused(403, 'nonce'))

    const invented = await siwe(alice.address, { nonce: 'abcdefgh12345678' })
    expect(await signIn(invented, await alice.signMessage({ message: invented }))).toEqual(refused(403, 'nonce'))

    const stale = await siwe(alice.address, { expirationTime: new Date(Date.now() + 2 * NONCE_TTL_MS) })
    clockOffset = NONCE_TTL_MS + 1_000
    expect(await signIn(stale, await alice.signMessage({ message: stale }))).toEqual(refused(403, 'nonce'))
  })

  it('refuses a wrong domain, a URI elsewhere, an expired message and one not valid yet', SLOW, async () => {
    const cases: Array<[Partial<Parameters<typeof createSiweMessage>[0]>, string]> = [
      [{ domain: 'evil.test', uri: 'http://evil.test/' }, 'domain'],
      [{ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:6666/' }, 'uri'],
      [{ expirationTime: new Date(Date.now() - 1_000) }, 'expired'],
      [{ notBefore: new Date(Date.now() + 60_000) }, 'not-yet-valid'],
      [{ chainId: 1 }, 'chain'],
    ]
    for (const [fields, reason] of cases) {
      const message = await siwe(alice.address, fields)
      expect(await signIn(message, await alice.signMessage({ message }))).toEqual(refused(403, reason))
    }
    // An allowed wildcard origin passes the origin check (and fails later, on the nonce it never got).
    const wildcard = await siwe(alice.address, { domain: 'app.example.com', uri: 'https://app.example.com/', nonce: 'unissued1234' })
    expect(await signIn(wildcard, await alice.signMessage({ message: wildcard }))).toEqual(refused(403, 'nonce'))
  })

  it('refuses another address’s signature and a tampered message, without spending the nonce', SLOW, async () => {
    const message = await siwe(alice.address)
    expect(await signIn(message, await bob.signMessage({ message }))).toEqual(refused(403, 'signature'))
    const tampered = message.replace('Sign in to the demo.', 'Sign in to the demo and send everything.')
    expect(await signIn(tampered, await alice.signMessage({ message }))).toEqual(refused(403, 'signature'))
    // The genuine message still signs in: refusals before the signature check leave the nonce unspent.
    expect((await signIn(message, await alice.signMessage({ message }))).status).toBe(200)
  })

  it('attack: a page on an origin the project does not allow gets no CORS grant and is refused; an allowed one is granted', async () => {
    for (const pathname of ['/v1/sessions/nonce', '/v1/sessions', '/v1/sessions/any-session/revoke']) {
      for (const origin of ['https://evil.example.org', 'https://example.com', 'http://localhost:5173']) {
        const preflight = await fetch(`${api.url}${pathname}?${CLIENT}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        })
        expect([pathname, origin, preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([
          pathname,
          origin,
          403,
          null,
        ])
        const posted = await fetch(`${api.url}${pathname}?${CLIENT}`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ projectId: PROJECT }),
        })
        expect([pathname, origin, posted.status, posted.headers.get('access-control-allow-origin'), await posted.json()]).toEqual([
          pathname,
          origin,
          403,
          null,
          { error: 'This origin is not an allowed origin of the project' },
        ])
      }
    }
    for (const origin of [ORIGIN, 'https://shop.example.com']) {
      const preflight = await fetch(`${api.url}/v1/sessions/nonce?${CLIENT}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
      expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('vary')]).toEqual([
        204,
        origin,
        'origin',
      ])
      const posted = await fetch(`${api.url}/v1/sessions/nonce?${CLIENT}`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: PROJECT }),
      })
      expect([posted.status, posted.headers.get('access-control-allow-origin')]).toEqual([200, origin])
      expect((await posted.json()).nonce).toEqual(expect.any(String))
    }
    // The project of the check is the query's: the body cannot name another.
    const other = await fetch(`${api.url}/v1/sessions/nonce?${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'someone-else' }),
    })
    expect([other.status, await other.json()]).toEqual([400, { error: 'projectId differs between the query and the body' }])
  })

  it('malformed requests are 400 and change nothing', async () => {
    expect(await signIn('hello', '0x00')).toEqual(refused(400, 'malformed'))
    expect(await call('POST', '/v1/sessions', { message: 1, signature: '0x' })).toEqual(refused(400, 'malformed'))
    const message = await siwe(alice.address)
    expect(await signIn(message, 'not hex')).toEqual(refused(400, 'malformed'))
    expect((await call('GET', '/v1/sessions/nope')).status).toBe(404)
    expect((await call('GET', `/v1/sessions/${'a'.repeat(43)}`)).status).toBe(404)
    expect((await call('POST', `/v1/sessions/${'a'.repeat(43)}/revoke`, {})).status).toBe(404)
    expect((await call('POST', `/v1/sessions/${'a'.repeat(43)}/revoke`, { pci: 7 })).status).toBe(400)
  })

  it('another project neither reads nor revokes a session, nor spends its nonces', SLOW, async () => {
    const message = await siwe(alice.address)
    const { body } = await signIn(message, await alice.signMessage({ message }))
    const other = (pathname: string, init?: RequestInit) => fetch(`${api.url}${pathname}?projectId=other&st=foyer&sv=0.1.0`, init)
    expect((await other(`/v1/sessions/${body.id}`)).status).toBe(404)
    const revoke = await other(`/v1/sessions/${body.id}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"projectId":"other"}',
    })
    expect(revoke.status).toBe(404)
    expect((await call('GET', `/v1/sessions/${body.id}`)).body.status).toBe('active')

    const theirs = await siwe(alice.address)
    const response = await other('/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'other', message: theirs, signature: await alice.signMessage({ message: theirs }) }),
    })
    expect(response.status).toBe(403)
  })

  it('a deployed smart account (ERC-1271) signs in with its owner’s key; another key cannot', SLOW, async () => {
    const artifacts = (await compileContracts()) as Record<string, { abi: Abi; bytecode: Hex }>
    const chain = defineChain({
      id: CHAIN_ID,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.url) })
    const client = createPublicClient({ chain, transport: http(anvil.url), pollingInterval: 50 })
    const { abi, bytecode } = artifacts['OwnerAccount']!
    const receipt = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode, args: [carol.address] }) })
    const account = getAddress(receipt.contractAddress!)

    const message = await siwe(account)
    expect(await signIn(message, await bob.signMessage({ message }))).toEqual(refused(403, 'signature'))
    const created = await signIn(message, await carol.signMessage({ message }))
    expect(created.body).toMatchObject({ status: 'active', address: account })
  })

  it(
    'the embedded wallet’s smart account (FoyerAccount) signs in before it is deployed (ERC-6492) and after (ERC-1271); another owner’s cannot',
    SLOW,
    async () => {
      const chain = defineChain({
        id: CHAIN_ID,
        name: 'anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.url] } },
      })
      const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.url) })
      const client = createPublicClient({ chain, transport: http(anvil.url), pollingInterval: 50 })
      // The factory alone (no EntryPoint needed to deploy or check an account); its own address, not the canonical one.
      const { abi, bytecode } = FOYER_ACCOUNT_ARTIFACT.factory
      const deployed = await client.waitForTransactionReceipt({
        hash: await wallet.deployContract({ abi, bytecode, args: [ENTRY_POINT_08] }),
      })
      const factory = getAddress(deployed.contractAddress!)
      const account = await toFoyerAccount({ client, owner: carol, factory })
      const stranger = await toFoyerAccount({ client, owner: bob, factory })

      const message = await siwe(account.address)
      expect(await signIn(message, await stranger.signMessage({ message }))).toEqual(refused(403, 'signature'))
      expect(await signIn(message, await carol.signMessage({ message }))).toEqual(refused(403, 'signature'))
      const counterfactual = await signIn(message, await account.signMessage({ message }))
      expect(counterfactual.body).toMatchObject({ status: 'active', address: account.address })
      // Checking the ERC-6492 signature deployed the account only inside the eth_call.
      expect(await client.getCode({ address: account.address })).toBeUndefined()

      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({ address: factory, abi, functionName: 'createAccount', args: [carol.address, 0n] }),
      })
      const again = await siwe(account.address)
      const signature = await account.signMessage({ message: again })
      expect(signature.length).toBe(132)
      expect((await signIn(again, signature)).body).toMatchObject({ status: 'active', address: account.address })
    },
  )

  it('a Solana account signs in with Sign In With Solana text; tampered, another key’s or reused, it is refused', async () => {
    const key = await solanaKey()
    const other = await solanaKey()
    const text = async () =>
      createSignInMessageText({
        domain: '127.0.0.1:5173',
        address: key.address,
        statement: 'Sign in to the demo.',
        uri: `${ORIGIN}/`,
        version: '1',
        chainId: 'localnet',
        nonce: await nonce(),
        issuedAt: new Date().toISOString(),
      })
    const message = await text()
    expect(await signIn(message.replace('demo', 'bank'), await key.sign(message))).toEqual(refused(403, 'signature'))
    expect(await signIn(message, await other.sign(message))).toEqual(refused(403, 'signature'))
    const created = await signIn(message, await key.sign(message))
    expect(created.body).toMatchObject({ status: 'active', chainId: SOLANA_CHAIN, address: key.address })
    expect(await signIn(message, await key.sign(message))).toEqual(refused(403, 'nonce'))
    expect(await signIn(await text(), 'not base58!')).toEqual(refused(400, 'malformed'))
  })
})

describe('sign-in requests the grammar or the routes refuse', () => {
  /** A signed message whose lines after Issued At are `extra`, in the order given. */
  async function withLines(account: PrivateKeyAccount, extra: string[]) {
    const base = await siwe(account.address, { expirationTime: undefined })
    const message = [base, ...extra].join('\n')
    return { message, signature: await account.signMessage({ message }) }
  }
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

  it('an expired message whose Not Before comes before its Expiration Time gets no session', SLOW, async () => {
    const { message, signature } = await withLines(alice, [`Not Before: ${minutesAgo(2)}`, `Expiration Time: ${minutesAgo(1)}`])
    expect(await signIn(message, signature)).toEqual(refused(400, 'malformed'))
  })

  it('a date that is not RFC 3339, or one that does not exist, is malformed, not a server error', SLOW, async () => {
    for (const line of ['Expiration Time: Wed Oct 05 2011 16:48:00 GMT+0200', 'Expiration Time: 2100-02-31T14:31:43.952Z']) {
      const { message, signature } = await withLines(alice, [line])
      expect([line, await signIn(message, signature)]).toEqual([line, refused(400, 'malformed')])
    }
    const issued = (await siwe(alice.address)).replace(/Issued At: .*/, 'Issued At: Wed Oct 05 2011 16:48:00 GMT+0200')
    expect(await signIn(issued, await alice.signMessage({ message: issued }))).toEqual(refused(400, 'malformed'))
  })

  it('a scheme names the origin: one the project does not allow is refused, whatever the URI says', SLOW, async () => {
    const message = `https://${await siwe(alice.address)}`
    expect(await signIn(message, await alice.signMessage({ message }))).toEqual(refused(403, 'domain'))
  })

  it('times RFC 3339 can write but the store cannot keep (years 0 and 10000 in UTC) are malformed, not a server error', SLOW, async () => {
    const early = (await siwe(alice.address)).replace(/Issued At: .*/, 'Issued At: 0000-01-01T00:00:00+23:59')
    expect(await signIn(early, await alice.signMessage({ message: early }))).toEqual(refused(400, 'malformed'))
    const late = `${await siwe(alice.address, { expirationTime: undefined })}\nExpiration Time: 9999-12-31T23:59:59-23:59`
    expect(await signIn(late, await alice.signMessage({ message: late }))).toEqual(refused(400, 'malformed'))
    // The nonce was not spent: a good message with it still signs in.
    const good = late.replace(/\nExpiration Time: .*/, '')
    expect((await signIn(good, await alice.signMessage({ message: good }))).status).toBe(200)
  })

  it('a signature of the wrong shape or length, and a body that is not an object, are 4xx, not a server error', SLOW, async () => {
    const message = await siwe(alice.address)
    for (const signature of ['0x00', '0x', `0x${'ab'.repeat(9000)}`, '', '0xzz']) {
      const answer = await signIn(message, signature)
      expect([signature.slice(0, 10), answer.status >= 400 && answer.status < 500, answer.body.reason]).toEqual([
        signature.slice(0, 10),
        true,
        expect.stringMatching(/^(malformed|signature)$/),
      ])
    }
    const array = await fetch(`${api.url}/v1/sessions?${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    })
    expect([array.status, await array.json()]).toEqual([400, { error: 'The body must be a JSON object' }])
  })

  it('a nonce asked for with an empty body is the query project’s', async () => {
    const response = await fetch(`${api.url}/v1/sessions/nonce?${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect((await response.json()).nonce).toMatch(/^[A-Za-z0-9]{24}$/)
    const none = await fetch(`${api.url}/v1/sessions/nonce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect([none.status, await none.json()]).toEqual([400, { error: 'projectId is required' }])
  })

  it('a session is revoked with an empty body: the project is the query’s', SLOW, async () => {
    const message = await siwe(alice.address)
    const { body } = await signIn(message, await alice.signMessage({ message }))
    const revoked = await fetch(`${api.url}/v1/sessions/${body.id}/revoke?${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect([revoked.status, (await revoked.json()).status]).toEqual([200, 'revoked'])
  })

  it('a session is read with the client’s st and sv in the query; without them the answer is 400', async () => {
    const response = await fetch(`${api.url}/v1/sessions/${'a'.repeat(43)}?projectId=${PROJECT}`)
    expect([response.status, await response.json()]).toEqual([400, { error: 'st (the client type) is required' }])
  })
})

describe('rate limits on the sign-in calls', () => {
  it('past its budget a client gets 429 with retry-after on each sign-in route; reads are not limited', async () => {
    const limited = await startApi({ database, rateLimit: { limit: 2, windowMs: 60_000 }, log: () => {} })
    try {
      const post = (pathname: string, body: unknown) =>
        fetch(`${limited.url}${pathname}?${CLIENT}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ projectId: PROJECT, ...(body as object) }),
        })
      expect((await post('/v1/sessions/nonce', {})).status).toBe(200)
      expect((await post('/v1/sessions/nonce', {})).status).toBe(200)
      const third = await post('/v1/sessions/nonce', {})
      expect(third.status).toBe(429)
      expect(third.headers.get('retry-after')).toBe('60')
      expect(await third.json()).toEqual({ error: 'Rate Limited: try again after 60 seconds' })
      // Each route has its own budget; a malformed sign-in still spends it.
      for (let i = 0; i < 2; i++) expect((await post('/v1/sessions', { message: 1 })).status).toBe(400)
      expect((await post('/v1/sessions', { message: 1 })).status).toBe(429)
      for (let i = 0; i < 3; i++) expect((await fetch(`${limited.url}/v1/sessions/unknown?${CLIENT}`)).status).not.toBe(429)
    } finally {
      await limited.stop()
    }
  })
})
