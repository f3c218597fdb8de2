// The names plugin's actions against real parts: a kernel with the EVM chain, a real EIP-1193 wallet signing with
// anvil's keys, and the real blockchain data service (services/api) on loopback, keeping names in PGlite and
// checking signatures on anvil.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evm } from '../../chains/evm/index.js'
import { connect, FetchToken, getIdentity, isFoyerError, isUserRejection, type Kernel, fetchKernelQuery } from 'foyer'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { startApi, type BlockchainApi } from '../../services/api/index.mjs'
import type { Database } from '../../services/storage/index.mjs'
import { announceTestWallet, EVM_TEST_CONNECTOR_ID, useAnvil, usePage } from '../../test/chainSetup.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { names } from './index.js'
import type { NameServiceError } from './namesService.js'
import { getNamesOfAddress, NAME_CACHE_MS, registerAccountName, resolveName, suggestionsQuery } from './registerAccountName.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const [first, second] = ANVIL_ACCOUNTS as unknown as [(typeof ANVIL_ACCOUNTS)[0], (typeof ANVIL_ACCOUNTS)[0]]
const SLOW = { timeout: 30_000 }

const { anvil, local } = useAnvil()
const page = usePage()
let scratch: string
let database: Database
let api: BlockchainApi
let unique = 0
const kernels: Kernel[] = []

// Starting PGlite (PostgreSQL in WebAssembly) took over a minute beside the whole suite on 2 cores: wait for it.
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-names-plugin-'))
  database = await openEmptyDatabase(path.join(scratch, 'data'))
  api = await startApi({ chains: [{ chainId: 31337, rpcUrl: anvil.url }], database, log: () => {} })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await database?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(kernels.splice(0).map((kernel) => kernel.destroy()))
})

/** A fresh name for each test. */
const fresh = (stem: string) => `${stem}-${++unique}-${Date.now().toString(36)}`

/** A kernel with the EVM chain and names() on the real API, its fetches counted; `key` is the wallet's. */
async function connected(key = first.privateKey) {
  const wallet = announceTestWallet(page.current, anvil.url, { privateKey: key })
  const requests: string[] = []
  const urls: URL[] = []
  const kernel = testKernel({ services: { api: api.url }, plugins: [evm({ networks: [local] }), names()] })
  kernel.container.provide(FetchToken, (async (url: string, init?: RequestInit) => {
    urls.push(new URL(url))
    requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`)
    return fetch(url, init)
  }) as typeof fetch)
  kernels.push(kernel)
  await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
  return { kernel, wallet, requests, urls }
}

describe('registerAccountName', () => {
  it('the wallet signs, the service keeps the name, and it is the account’s identity at once (rules §4)', SLOW, async () => {
    const { kernel, wallet, requests } = await connected()
    const label = fresh('Alice')
    const registered: unknown[] = []
    kernel.bus.on('names:registered', (event) => registered.push(event))

    const result = await registerAccountName(kernel, { name: label })
    const name = `${label.toLowerCase()}.foyer.id`
    expect(result).toEqual({ name, address: first.address })
    expect(registered).toEqual([{ name, address: first.address }])
    expect(wallet.calls.filter((call) => call.method === 'personal_sign')).toHaveLength(1)

    // The stored profile name is the identity, without asking the service for it.
    const before = requests.length
    expect(await getIdentity(kernel, { address: first.address })).toEqual({ name })
    expect(requests.slice(before)).toEqual([])
    // And the service agrees: another kernel asks it.
    const other = testKernel({ services: { api: api.url }, plugins: [evm({ networks: [local] }), names()] })
    kernels.push(other)
    expect((await getIdentity(other, { address: first.address })).name).toBe(name)
    expect(await resolveName(other, { name: label })).toEqual({
      name,
      registeredAt: expect.stringMatching(/^\d{4}-/),
      addresses: { [String(0x80000000 + 31337)]: { address: first.address } },
      attributes: {},
    })
    expect((await getNamesOfAddress(other, { address: first.address }))[0]?.name).toBe(name)
    expect((await fetchKernelQuery(other, suggestionsQuery(other, { name: label })))[0]).toEqual({ name, registered: true })
  })

  it('a reverse lookup names the connected account as its sender (rules §7)', SLOW, async () => {
    const { kernel, urls } = await connected()
    expect(await getNamesOfAddress(kernel, { address: second.address })).toEqual([])
    const reverse = urls.find((url) => url.pathname.startsWith('/v1/profile/reverse/'))
    expect(reverse?.searchParams.get('sender')).toBe(first.address)
  })

  it('a refused signature rejects as the wallet’s refusal and registers nothing', SLOW, async () => {
    const { kernel, wallet } = await connected()
    wallet.answers.set('personal_sign', 'reject')
    const label = fresh('refused')
    const error = await registerAccountName(kernel, { name: label }).catch((reason: unknown) => reason)
    expect(isUserRejection(error)).toBe(true)
    expect(await resolveName(kernel, { name: label })).toBeUndefined()
  })

  it('a taken name is refused with the service’s reason; the first owner keeps it', SLOW, async () => {
    const label = fresh('taken')
    await registerAccountName((await connected()).kernel, { name: label })
    const { kernel } = await connected(second.privateKey)
    const error = (await registerAccountName(kernel, { name: label }).catch((reason: unknown) => reason)) as NameServiceError
    expect(isFoyerError(error, 'NameServiceError')).toBe(true)
    expect(error.shortMessage).toBe(`The name ${label}.foyer.id is taken`)
    expect(error.reason).toBe('NAME_TAKEN')
    expect((await resolveName(kernel, { name: label }))?.addresses[String(0x80000000 + 31337)]?.address).toBe(first.address)
  })

  it('rules §5 names under 4 characters or with other characters are refused before the wallet is asked', SLOW, async () => {
    const { kernel, wallet } = await connected()
    await expect(registerAccountName(kernel, { name: 'abc' })).rejects.toThrow('A name has at least 4 characters')
    await expect(registerAccountName(kernel, { name: 'al_ce' })).rejects.toThrow('Use letters, digits and hyphens only')
    expect(() => suggestionsQuery(kernel, { name: 'abc' })).toThrow('A name has at least 4 characters')
    expect(wallet.calls.some((call) => call.method === 'personal_sign')).toBe(false)
  })

  it('rules §8: a failing service gives each call’s message', SLOW, async () => {
    const { kernel, wallet } = await connected()
    const label = fresh('down')
    const failing = async (run: () => Promise<unknown>) => {
      api.failNext(503)
      const error = (await run().catch((reason: unknown) => reason)) as NameServiceError
      expect(isFoyerError(error, 'NameServiceError')).toBe(true)
      expect(error.reason).toBeUndefined()
      return error.shortMessage
    }
    expect(await failing(() => fetchKernelQuery(kernel, suggestionsQuery(kernel, { name: label })))).toBe('Error fetching name suggestions')
    expect(await failing(() => resolveName(kernel, { name: label }))).toBe('Error resolving name')
    expect(await failing(() => getNamesOfAddress(kernel, { address: second.address }))).toBe('Error fetching names for address')
    expect(await failing(() => registerAccountName(kernel, { name: label }))).toBe(`Error registering name ${label}.foyer.id`)
    // The wallet signed; the service failed; the name is still free and the identity unchanged.
    expect(wallet.calls.some((call) => call.method === 'personal_sign')).toBe(true)
    expect(await resolveName(kernel, { name: label })).toBeUndefined()
  })

  it('rules §9: names are cached 5 minutes, then asked again', SLOW, async () => {
    const { kernel, requests } = await connected()
    vi.useFakeTimers({ toFake: ['Date'] })
    const label = fresh('cached')
    const asked = () => requests.filter((request) => request.includes('/v1/profile/account/')).length
    await resolveName(kernel, { name: label })
    vi.setSystemTime(Date.now() + NAME_CACHE_MS - 1000)
    await resolveName(kernel, { name: label })
    expect(asked()).toBe(1)
    vi.setSystemTime(Date.now() + 2000)
    await resolveName(kernel, { name: label })
    expect(asked()).toBe(2)
  })

  it('nobody connected, or a chain without names (rules §6: EVM only), is refused', async () => {
    const kernel = testKernel({ services: { api: api.url }, plugins: [testChain({ namespace: 'solana' }), names()] })
    kernels.push(kernel)
    await expect(registerAccountName(kernel, { name: 'alice' })).rejects.toThrow('Address or auth connector not found')
    await connect(kernel, { connectorId: 'test-wallet-solana' })
    await expect(registerAccountName(kernel, { name: 'alice' })).rejects.toThrow('Unsupported chain')
  })
})
