// The profile calls (rules §7) over real HTTP, against real parts: PGlite in a temporary directory (PostgreSQL runs the
// same SQL; services/storage tests both), and anvil, whose node checks the signatures: an EOA's, a deployed
// ERC-1271 smart account's (OwnerAccount, compiled by solc-js) and an ERC-6492 one of an account not deployed yet.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
  type Abi,
  type Hex,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { ANVIL_ACCOUNTS, NAME_RESOLVER_OWNER, compileContracts, startAnvil } from '../../dev/devchain/index.mjs'
import type { Database } from '../../storage/index.mjs'
import { MESSAGE_MAX_AGE_S, coinTypeOfChain, startApi, type BlockchainApi } from '../index.mjs'
import { openEmptyDatabase } from '../../../test/databaseTemplate.js'

const PROJECT = 'foyer-test'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const CHAIN_ID = 31337
const COIN_TYPE = coinTypeOfChain(CHAIN_ID)
const SLOW = { timeout: 60_000 }
// Anvil's well-known keys beyond the three the devchain names: #3 and #4.
const KEY_3 = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'
const KEY_4 = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'

type Json = any

let scratch: string
let database: Database
let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: BlockchainApi
let client: PublicClient
let artifacts: Record<string, { abi: Abi; bytecode: Hex }>
/** Added to Date.now() by the API's clock, so a message goes stale without waiting. */
let clockOffset = 0
let nameCount = 0

const [alice, bob, carol] = ANVIL_ACCOUNTS.map((account) => privateKeyToAccount(account.privateKey)) as [
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
]
const dave = privateKeyToAccount(KEY_3)
const erin = privateKeyToAccount(KEY_4)

async function get(pathname: string, base = api.url): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${pathname}${pathname.includes('?') ? '&' : '?'}${CLIENT}`)
  return { status: response.status, body: await response.json() }
}

async function post(body: unknown, base = api.url): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}/v1/profile/account?${CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** The registration message as the names plugin writes it. */
function messageFor(
  name: string,
  address: string,
  { timestamp = Math.floor(Date.now() / 1000), attributes = {} as Record<string, string> } = {},
) {
  return JSON.stringify({ name, address, attributes, timestamp })
}

/** Signs `name` for `address` with `signer` (the address's own key unless told otherwise) and posts it. */
async function register(
  name: string,
  signer: PrivateKeyAccount,
  options: { address?: string; timestamp?: number; attributes?: Record<string, string>; base?: string } = {},
) {
  const address = options.address ?? signer.address
  const message = messageFor(name, address, options)
  const signature = await signer.signMessage({ message })
  return post({ coin_type: COIN_TYPE, address, message, signature }, options.base)
}

/** A name no other test uses. */
const fresh = (stem = 'name') => `${stem}-${++nameCount}-${Date.now().toString(36)}.foyer.id`

const refusal = (status: number, reason: string, description: string) => ({
  status,
  body: { error: description, reasons: [{ name: reason, description }] },
})

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-names-'))
  ;[database, anvil, artifacts] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startAnvil({ port: 0, chainId: CHAIN_ID }),
    compileContracts() as Promise<Record<string, { abi: Abi; bytecode: Hex }>>,
  ])
  client = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 })
  api = await startApi({ chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }], database, now: () => Date.now() + clockOffset, log: () => {} })
}, 60_000)

afterAll(async () => {
  await api?.stop()
  await Promise.allSettled([anvil?.stop(), database?.close()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

beforeEach(() => {
  clockOffset = 0
})

/** Deploys a compiled contract from anvil's account #0 (or `from`) and returns its address. */
async function deploy(name: string, args: unknown[], from: PrivateKeyAccount = alice) {
  const chain = defineChain({
    id: CHAIN_ID,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  const wallet = createWalletClient({ account: from, chain, transport: http(anvil.url) })
  const { abi, bytecode } = artifacts[name]!
  const hash = await wallet.deployContract({ abi, bytecode, args })
  const receipt = await client.waitForTransactionReceipt({ hash })
  return getAddress(receipt.contractAddress!)
}

describe('POST /v1/profile/account', () => {
  it('an EOA registers a name; it is found by name, by address, in /v1/identity and in suggestions', SLOW, async () => {
    const name = fresh('alice')
    const registered = await register(name, alice, { attributes: { avatar: 'https://example.com/alice.png', description: 'Alice' } })
    expect(registered.status).toBe(200)
    expect(registered.body).toEqual({
      success: true,
      profile: {
        name,
        registered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        addresses: { [String(COIN_TYPE)]: { address: alice.address, created: registered.body.profile.registered_at } },
        attributes: { avatar: 'https://example.com/alice.png', description: 'Alice' },
      },
    })

    // Any case finds it; the bare label too.
    expect(await get(`/v1/profile/account/${name.toUpperCase()}`)).toEqual({ status: 200, body: registered.body.profile })
    expect(await get(`/v1/profile/account/${name.replace('.foyer.id', '')}`)).toEqual({ status: 200, body: registered.body.profile })
    const reverse = await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`)
    expect(reverse.status).toBe(200)
    expect(reverse.body[0]).toEqual(registered.body.profile)
    // rules §7 sender, the account that asks, changes no answer.
    expect(await get(`/v1/profile/reverse/${alice.address}?sender=${alice.address}`)).toEqual(reverse)
    // The newest name is the identity, with its avatar.
    expect(await get(`/v1/identity/${alice.address}`)).toEqual({ status: 200, body: { name, avatar: 'https://example.com/alice.png' } })

    const label = name.replace('.foyer.id', '')
    const suggestions = await get(`/v1/profile/suggestions/${label}?zone=foyer.id`)
    expect(suggestions.status).toBe(200)
    expect(suggestions.body.suggestions[0]).toEqual({ name, registered: true })
    expect(suggestions.body.suggestions.slice(1)).toEqual([
      { name: `${label}1.foyer.id`, registered: false },
      { name: `${label}2.foyer.id`, registered: false },
      { name: `${label}3.foyer.id`, registered: false },
    ])
  })

  it(
    'attack: a page on a disallowed origin cannot register (no CORS grant, 403); the loopback pages of the default list can',
    SLOW,
    async () => {
      const name = fresh('cors')
      const owner = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(name, owner.address)
      const body = JSON.stringify({
        coin_type: COIN_TYPE,
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      })
      const send = (origin: string) =>
        fetch(`${api.url}/v1/profile/account?${CLIENT}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body })
      const refused = await send('https://evil.example.org')
      expect([refused.status, refused.headers.get('access-control-allow-origin'), await refused.json()]).toEqual([
        403,
        null,
        { error: 'This origin is not an allowed origin of the project' },
      ])
      expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
      const granted = await send('http://127.0.0.1:5173')
      expect([granted.status, granted.headers.get('access-control-allow-origin')]).toEqual([200, 'http://127.0.0.1:5173'])
      expect((await get(`/v1/profile/account/${name}`)).status).toBe(200)
      // The lookups stay public.
      expect(
        (await fetch(`${api.url}/v1/profile/account/${name}?${CLIENT}`, { headers: { origin: 'https://evil.example.org' } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBe('*')
    },
  )

  it('an unknown name is 404 with its reason; a free one is suggested as itself first', async () => {
    expect(await get('/v1/profile/account/nobody-here')).toEqual(refusal(404, 'NAME_NOT_FOUND', 'No account is named nobody-here.foyer.id'))
    const { body } = await get('/v1/profile/suggestions/nobody-here')
    expect(body.suggestions[0]).toEqual({ name: 'nobody-here.foyer.id', registered: false })
    expect(body.suggestions).toHaveLength(4)
    expect(await get('/v1/profile/suggestions/nobody-here?zone=reown.id')).toEqual(
      refusal(400, 'UNSUPPORTED_ZONE', 'This service registers names in foyer.id only'),
    )
  })

  it('rules §5 refuses names under 4 characters and names with other characters, in every call', SLOW, async () => {
    const short = refusal(400, 'INVALID_NAME', 'A name has at least 4 characters')
    const characters = refusal(400, 'INVALID_NAME', 'A name has letters, digits and hyphens only')
    expect(await register('abc.foyer.id', alice)).toEqual(short)
    expect(await register('al_ce.foyer.id', alice)).toEqual(characters)
    expect(await register('alicé-foyer.foyer.id', alice)).toEqual(characters)
    expect(await register('alice foyer.foyer.id', alice)).toEqual(characters)
    expect(await register('alice.eth', alice)).toEqual(refusal(400, 'INVALID_NAME', 'Names end in .foyer.id'))
    expect(await get('/v1/profile/suggestions/abc')).toEqual(short)
    expect(await get('/v1/profile/suggestions/al%2Bce')).toEqual(characters)
    expect(await get('/v1/profile/account/abc.foyer.id')).toEqual(short)
    // Exactly 4 is enough, and nothing was registered by the refusals.
    expect((await register(`${'x'.repeat(4)}.foyer.id`, alice)).status).toBe(200)
    expect((await get('/v1/profile/account/abc.foyer.id')).status).toBe(400)
  })

  it('a taken name is refused, in any case, and the first owner keeps it', SLOW, async () => {
    const name = fresh('taken')
    expect((await register(name, alice)).status).toBe(200)
    expect(await register(name, bob)).toEqual(refusal(409, 'NAME_TAKEN', `The name ${name} is taken`))
    expect(await register(name.toUpperCase(), bob)).toEqual(refusal(409, 'NAME_TAKEN', `The name ${name} is taken`))
    expect((await get(`/v1/profile/account/${name}`)).body.addresses[String(COIN_TYPE)].address).toBe(alice.address)
  })

  it('of two registrations of one name at once, one wins and the other is told it is taken', SLOW, async () => {
    const name = fresh('race')
    const results = await Promise.all([register(name, alice), register(name, bob)])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
  })

  it('a stale message is refused, and one dated ahead of the clock too', SLOW, async () => {
    const name = fresh('stale')
    const now = Math.floor(Date.now() / 1000)
    expect(await register(name, alice, { timestamp: now - MESSAGE_MAX_AGE_S - 5 })).toEqual(
      refusal(400, 'STALE_MESSAGE', 'The registration message is too old: sign a new one'),
    )
    expect(await register(name, alice, { timestamp: now + 600 })).toEqual(
      refusal(400, 'STALE_MESSAGE', 'The registration message is dated in the future: check your clock'),
    )
    // A message fresh when signed goes stale as the clock moves on: replaying it later fails.
    const message = messageFor(name, alice.address)
    const signature = await alice.signMessage({ message })
    clockOffset = (MESSAGE_MAX_AGE_S + 1) * 1000
    expect((await post({ coin_type: COIN_TYPE, address: alice.address, message, signature })).body.reasons[0].name).toBe('STALE_MESSAGE')
    clockOffset = 0
    expect((await post({ coin_type: COIN_TYPE, address: alice.address, message, signature })).status).toBe(200)
  })

  it('a signature from another address is refused; so is a message naming another address', SLOW, async () => {
    const name = fresh('forged')
    // Bob signs a message that claims Alice's address.
    expect(await register(name, bob, { address: alice.address })).toEqual(
      refusal(403, 'INVALID_SIGNATURE', 'The signature is not from this address'),
    )
    // Alice's own signature, of a message naming Bob, posted as Alice.
    const message = messageFor(name, bob.address)
    const signature = await alice.signMessage({ message })
    expect(await post({ coin_type: COIN_TYPE, address: alice.address, message, signature })).toEqual(
      refusal(400, 'INVALID_MESSAGE', 'The message names another address'),
    )
    // Alice's signature of another message than the one posted.
    const other = await alice.signMessage({ message: messageFor(fresh('other'), alice.address) })
    expect(
      (await post({ coin_type: COIN_TYPE, address: alice.address, message: messageFor(name, alice.address), signature: other })).status,
    ).toBe(403)
    expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
  })

  it('a deployed smart account (ERC-1271) registers with its owner’s signature; another key cannot', SLOW, async () => {
    const account = await deploy('OwnerAccount', [carol.address])
    const name = fresh('smart')
    expect(await register(name, dave, { address: account })).toEqual(
      refusal(403, 'INVALID_SIGNATURE', 'The signature is not from this address'),
    )
    const registered = await register(name, carol, { address: account })
    expect(registered.status).toBe(200)
    expect(registered.body.profile.addresses[String(COIN_TYPE)].address).toBe(account)
    expect((await get(`/v1/identity/${account}`)).body.name).toBe(name)
  })

  it('an account not deployed yet registers with an ERC-6492 signature, checked without deploying it', SLOW, async () => {
    const factory = await deploy('OwnerAccountFactory', [])
    const factoryAbi = artifacts['OwnerAccountFactory']!.abi
    const salt = keccak256(toHex('names test'))
    const account = (await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'accountAddress',
      args: [erin.address, salt],
    })) as Hex
    expect(await client.getCode({ address: account })).toBeUndefined()

    const name = fresh('counterfactual')
    const message = messageFor(name, account)
    const wrap = async (signer: PrivateKeyAccount) =>
      serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [erin.address, salt] }),
        signature: await signer.signMessage({ message }),
      })
    expect((await post({ coin_type: COIN_TYPE, address: account, message, signature: await wrap(dave) })).status).toBe(403)
    const registered = await post({ coin_type: COIN_TYPE, address: account, message, signature: await wrap(erin) })
    expect(registered.status).toBe(200)
    expect(registered.body.profile.name).toBe(name)
    // Checked in an eth_call: the account is still not deployed.
    expect(await client.getCode({ address: account })).toBeUndefined()
  })

  it('malformed requests are refused with a reason and register nothing', async () => {
    const name = fresh('malformed')
    const message = messageFor(name, alice.address)
    const signature = await alice.signMessage({ message })
    const ok = { coin_type: COIN_TYPE, address: alice.address, message, signature }
    expect(await post({ ...ok, coin_type: coinTypeOfChain(1) })).toEqual(refusal(400, 'UNSUPPORTED_CHAIN', 'Unsupported chain'))
    expect(await post({ ...ok, coin_type: 'sixty' })).toEqual(refusal(400, 'UNSUPPORTED_CHAIN', 'Unsupported chain'))
    expect(await post({ ...ok, address: '0x12' })).toEqual(refusal(400, 'INVALID_ADDRESS', 'Invalid address'))
    expect(await post({ ...ok, signature: 'not hex' })).toEqual(refusal(400, 'INVALID_SIGNATURE', 'signature must be a hex signature'))
    expect(await post({ ...ok, message: 'register me' })).toEqual(
      refusal(400, 'INVALID_MESSAGE', 'message must be JSON: { name, address, attributes, timestamp }'),
    )
    expect((await post({ ...ok, message: JSON.stringify({ name, address: alice.address }) })).body.reasons[0]).toEqual({
      name: 'INVALID_MESSAGE',
      description: 'message has no timestamp (seconds)',
    })
    const badAvatar = messageFor(name, alice.address, { attributes: { avatar: 'javascript:alert(1)' } })
    expect(await post({ ...ok, message: badAvatar, signature: await alice.signMessage({ message: badAvatar }) })).toEqual(
      refusal(400, 'INVALID_ATTRIBUTES', 'avatar must be an https or data:image URL'),
    )
    expect(await get('/v1/profile/reverse/0x12')).toEqual(refusal(400, 'INVALID_ADDRESS', 'Invalid address'))
    expect(await get(`/v1/profile/reverse/${alice.address}?sender=0x12`)).toEqual(refusal(400, 'INVALID_SENDER', 'Invalid sender address'))
    expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
    // The project check applies as to every call.
    const anonymous = await fetch(`${api.url}/v1/profile/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ok),
    })
    expect(anonymous.status).toBe(400)
    expect((await post(ok)).status).toBe(200)
  })

  it('names are durable: a new service on the same database still knows them', SLOW, async () => {
    const name = fresh('durable')
    expect((await register(name, bob)).status).toBe(200)
    const again = await startApi({ chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }], database, log: () => {} })
    try {
      expect((await get(`/v1/profile/account/${name}`, again.url)).body.addresses[String(COIN_TYPE)].address).toBe(bob.address)
    } finally {
      await again.stop()
    }
  })

  it('without a database the profile calls are not served, and identities come from the options', async () => {
    const bare = await startApi({
      chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
      identities: { [bob.address]: { name: 'bob.example' } },
      log: () => {},
    })
    try {
      expect((await get('/v1/profile/suggestions/alice', bare.url)).status).toBe(404)
      expect((await get(`/v1/identity/${bob.address}`, bare.url)).body).toEqual({ name: 'bob.example', avatar: null })
    } finally {
      await bare.stop()
    }
  })
})

describe('the on-chain mirror (FoyerNameResolver)', () => {
  it('viem’s getEnsName, getEnsAddress and getEnsText resolve registered names; names kept before are written at start', SLOW, async () => {
    // A name registered before the resolver existed.
    const earlier = fresh('earlier')
    expect((await register(earlier, dave)).status).toBe(200)

    const owner = privateKeyToAccount(NAME_RESOLVER_OWNER.privateKey)
    const resolver = await deploy('FoyerNameResolver', [], owner)
    const mirrored = await startApi({
      chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
      database,
      nameResolvers: [{ chainId: CHAIN_ID, address: resolver, privateKey: NAME_RESOLVER_OWNER.privateKey }],
      log: () => {},
    })
    try {
      const chain = defineChain({
        id: CHAIN_ID,
        name: 'anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.url] } },
        contracts: { ensUniversalResolver: { address: resolver } },
      })
      const ens = createPublicClient({ chain, transport: http(anvil.url) })
      expect(await ens.getEnsName({ address: dave.address })).toBe(earlier)
      expect(await ens.getEnsAddress({ name: earlier })).toBe(dave.address)

      // A new registration is on chain by the time it answers, with its avatar; the newest is the reverse name.
      const newest = fresh('mirrored')
      const avatar = 'https://example.com/dave.png'
      expect((await register(newest, dave, { attributes: { avatar }, base: mirrored.url })).status).toBe(200)
      expect(await ens.getEnsName({ address: dave.address })).toBe(newest)
      expect(await ens.getEnsName({ address: dave.address, coinType: BigInt(COIN_TYPE) })).toBe(newest)
      expect(await ens.getEnsAddress({ name: newest })).toBe(dave.address)
      expect(await ens.getEnsAddress({ name: newest, coinType: BigInt(COIN_TYPE) })).toBe(dave.address.toLowerCase())
      expect(await ens.getEnsText({ name: newest, key: 'avatar' })).toBe(avatar)
      // Unknown names and addresses are null; Bitcoin's coin type has no EVM address.
      expect(await ens.getEnsName({ address: '0x00000000000000000000000000000000DeaDBeef' })).toBeNull()
      expect(await ens.getEnsAddress({ name: 'nobody-at-all.foyer.id' })).toBeNull()
      expect(await ens.getEnsAddress({ name: newest, coinType: 0n })).toBeNull()

      // Nobody but its owner writes to it.
      const intruder = createWalletClient({ account: bob, chain, transport: http(anvil.url) })
      await expect(
        intruder.writeContract({
          address: resolver,
          abi: artifacts['FoyerNameResolver']!.abi,
          functionName: 'setNames',
          args: [[keccak256(toHex('x'))], ['x'], [bob.address], ['']],
        }),
      ).rejects.toThrow(/NotOwner/)
    } finally {
      await mirrored.stop()
    }
  })
})
