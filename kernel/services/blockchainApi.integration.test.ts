// The client against the real blockchain data service (services/api) over HTTP, indexing two real anvils with
// the fixture contracts; plus the parsing rules on hand-made answers.
import { createPublicClient, createWalletClient, defineChain, erc20Abi, formatUnits, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ANVIL_ACCOUNTS, startDevChains, type DevChains } from '../../services/dev/devchain/index.mjs'
import { startApi, type BlockchainApi as ApiServer } from '../../services/api/index.mjs'
import { createBlockchainApi, blockchainApiOf, type BlockchainApi } from './blockchainApi.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'
import { FetchToken } from '../core/tokens.js'
import { getTokenBalances } from '../actions/getTokenBalances.js'
import { getIdentity } from '../actions/getIdentity.js'

const PROJECT = 'foyer-client-test'
const CHAIN = 'eip155:31337'
const [a0, a1, a2] = ANVIL_ACCOUNTS.map((account) => account.address) as [Hex, Hex, Hex]

let dev: DevChains
let server: ApiServer
let usdc: Hex
const requested: URL[] = []
let api: BlockchainApi

beforeAll(async () => {
  dev = await startDevChains({ ports: [0, 0] })
  usdc = dev.fixtures.chains['31337']!.usdc
  server = await startApi({
    chains: dev.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.url })),
    identities: { [a1.toLowerCase()]: { name: 'alice.foyer', avatar: 'https://example.test/alice.png' } },
    projectIds: [PROJECT],
  })
  const recording: typeof fetch = (input, init) => {
    requested.push(new URL(String(input)))
    return fetch(input, init)
  }
  api = createBlockchainApi({ baseUrl: server.url, projectId: PROJECT, fetch: recording })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await dev?.stop()
})

describe('createBlockchainApi against services/api', () => {
  it('lists the supported chains', async () => {
    await expect(api.getSupportedChains()).resolves.toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('every GET sends st, sv and projectId (rules §7)', async () => {
    await api.getIdentity(a0)
    expect(requested.length).toBeGreaterThan(0)
    for (const url of requested) {
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ st: SDK_TYPE, sv: SDK_VERSION, projectId: PROJECT })
    }
  })

  it('USDC balance with 6 decimals, as the chain holds it', async () => {
    const client = createPublicClient({ transport: http(dev.chains[0]!.url) })
    const onChain = await client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [a1] })
    const balances = await api.getBalances(a1, CHAIN)
    const token = balances.find((balance) => balance.symbol === 'USDC')
    expect(token).toMatchObject({
      name: 'USD Coin',
      chainId: CHAIN,
      address: `${CHAIN}:${usdc}`,
      quantity: { decimals: 6, numeric: formatUnits(onChain, 6) },
      price: 1,
      value: Number(formatUnits(onChain, 6)),
    })
    expect(token?.iconUrl).toMatch(/^data:image\//)
    expect(balances.find((balance) => balance.address === undefined)?.symbol).toBe('ETH')
  })

  it('an unsupported network is skipped with empty results, without a call (rules §7)', async () => {
    const before = requested.length
    await expect(api.getBalances(a1, 'eip155:999')).resolves.toEqual([])
    await expect(api.getHistory(a1, { chainId: 'eip155:999' })).resolves.toEqual({ data: [] })
    expect(requested.slice(before).map((url) => url.pathname)).not.toContain(`/v1/account/${a1}/balance`)
    expect(requested.slice(before).some((url) => url.pathname.includes('/history'))).toBe(false)
  })

  it('a transfer made now shows first in the history', async () => {
    const chain = defineChain({
      id: 31337,
      name: 'dev',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [dev.chains[0]!.url] } },
    })
    const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), chain, transport: http() })
    const hash = await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [a2, parseUnits('3.5', 6)] })
    await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash, pollingInterval: 50 })

    const page = await api.getHistory(a2, { chainId: CHAIN })
    const [newest] = page.data
    expect(newest?.metadata).toMatchObject({ chain: CHAIN, operationType: 'receive', status: 'confirmed', hash })
    expect(newest?.metadata.sentFrom.toLowerCase()).toBe(a0.toLowerCase())
    expect(newest?.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '3.5' },
        fungible: expect.objectContaining({ symbol: 'USDC', isSpam: false }),
      }),
    ])
    expect(Date.parse(newest!.metadata.minedAt)).toBeGreaterThan(0)
  })

  it('identity name and avatar', async () => {
    await expect(api.getIdentity(a1)).resolves.toEqual({ name: 'alice.foyer', avatar: 'https://example.test/alice.png' })
    await expect(api.getIdentity(a2)).resolves.toEqual({})
  })

  it('rules §7 parameters: identity sends sender, balances forceUpdate, history onramp; the service honours them', async () => {
    const before = requested.length
    await expect(api.getIdentity(a1, { sender: a0 })).resolves.toMatchObject({ name: 'alice.foyer' })
    await api.getBalances(a1, CHAIN, { forceUpdate: true })
    await api.getBalances(a1, CHAIN)
    const sent = requested.slice(before).filter((url) => url.pathname !== '/v1/supported-chains')
    expect(sent.map((url) => [url.pathname, url.searchParams.get('sender'), url.searchParams.get('forceUpdate')])).toEqual([
      [`/v1/identity/${a1}`, a0, null],
      [`/v1/account/${a1}/balance`, null, 'true'],
      [`/v1/account/${a1}/balance`, null, null],
    ])
    // This service runs no on-ramp: the account's purchases from a provider are none, whatever else it did.
    expect((await api.getHistory(a1, { chainId: CHAIN })).data.length).toBeGreaterThan(0)
    await expect(api.getHistory(a1, { chainId: CHAIN, onramp: 'coinbase' })).resolves.toEqual({ data: [] })
    expect(requested.at(-1)?.searchParams.get('onramp')).toBe('coinbase')
  })

  it('getIdentity sends as sender (rules §7) the connected account of the chain that has identities', async () => {
    const seen: URL[] = []
    const kernel = testKernel({
      projectId: PROJECT,
      services: { api: server.url },
      plugins: [testChain({ namespace: 'solana' }), testChain()],
    })
    kernel.container.provide(FetchToken, (input, init) => {
      seen.push(new URL(String(input)))
      return fetch(input, init)
    })
    // Solana first: it has no identities, so its account never asks.
    const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    kernel.dispatchConnection({
      type: 'connected',
      namespace: 'solana',
      connectorId: 'test',
      accounts: [{ namespace: 'solana', address: solanaAccount, type: 'eoa' }],
      networkId: 'solana:test',
    })
    kernel.dispatchConnection({
      type: 'connected',
      namespace: 'eip155',
      connectorId: 'test',
      accounts: [{ namespace: 'eip155', address: a2, type: 'eoa' }],
      networkId: CHAIN,
    })
    await expect(getIdentity(kernel, { address: a1 })).resolves.toMatchObject({ name: 'alice.foyer' })
    expect(seen.map((url) => url.searchParams.get('sender'))).toEqual([a2])
    kernel.destroy()
  })

  it('after balances:changed the token balances are read with forceUpdate, and list a token received just now', async () => {
    const slow = await startApi({ chains: [{ chainId: 31337, rpcUrl: dev.chains[0]!.url }], projectIds: [PROJECT] })
    try {
      const seen: URL[] = []
      const kernel = testKernel({ projectId: PROJECT, services: { api: slow.url } })
      kernel.container.provide(FetchToken, (input, init) => {
        seen.push(new URL(String(input)))
        return fetch(input, init)
      })
      const fresh = privateKeyToAccount(generatePrivateKey()).address
      await expect(getTokenBalances(kernel, { address: fresh, chainId: CHAIN })).resolves.toEqual([])
      const chain = defineChain({
        id: 31337,
        name: 'dev',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [dev.chains[0]!.url] } },
      })
      const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), chain, transport: http() })
      const hash = await wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [fresh, parseUnits('1.25', 6)],
      })
      await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash, pollingInterval: 50 })
      kernel.bus.emit('balances:changed', {})
      const balances = await getTokenBalances(kernel, { address: fresh, chainId: CHAIN })
      expect(balances.map((balance) => [balance.symbol, balance.quantity.numeric])).toEqual([['USDC', '1.25']])
      const reads = seen.filter((url) => url.pathname.endsWith('/balance')).map((url) => url.searchParams.get('forceUpdate'))
      expect(reads).toEqual([null, 'true'])
      kernel.destroy()
    } finally {
      await slow.stop()
    }
  })

  it('a server error rejects with the HTTP status', async () => {
    server.failNext(503)
    await expect(api.getHistory(a1)).rejects.toThrow('HTTP status code: 503')
  })
})

/** A fetch that answers `body` for every path but the supported chains. */
function answering(body: unknown): typeof fetch {
  return async (input) => {
    const json = new URL(String(input)).pathname === '/v1/supported-chains' ? { http: ['eip155:1'], ws: [] } : body
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } })
  }
}

describe('parsing', () => {
  it('malformed balances are dropped, not the page; unsafe icons removed', async () => {
    const good = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 3000,
      price: 3000,
      quantity: { decimals: '18', numeric: '1' },
      iconUrl: 'javascript:alert(1)',
    }
    const client = createBlockchainApi({
      baseUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      fetch: answering({
        balances: [
          good,
          { name: 'Broken' },
          { ...good, quantity: { decimals: '-1', numeric: '1' } },
          { ...good, quantity: { numeric: 'lots' } },
        ],
      }),
    })
    const balances = await client.getBalances('0x1111111111111111111111111111111111111111', 'eip155:1')
    expect(balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        value: 3000,
        price: 3000,
        quantity: { decimals: 18, numeric: '1' },
        iconUrl: undefined,
      },
    ])
  })

  it('malformed transactions and transfers are dropped; NFT images only from safe URLs', async () => {
    const metadata = {
      minedAt: '2026-01-02T03:04:05.000Z',
      chain: 'eip155:1',
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: '0xa',
      sentTo: null,
    }
    const nft = (url: string) => ({
      nft_info: { name: 'Ape #1', flags: { is_spam: true }, content: { preview: { url } } },
      quantity: { numeric: '1' },
    })
    const client = createBlockchainApi({
      baseUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      fetch: answering({
        data: [
          { id: 'a', metadata, transfers: [nft('https://img.example/1.png'), nft('http://img.example/2.png'), { quantity: {} }] },
          { id: 'b', metadata: { ...metadata, minedAt: 'yesterday' }, transfers: [] },
        ],
        next: 'c2',
      }),
    })
    const page = await client.getHistory('0x1111111111111111111111111111111111111111')
    expect(page.next).toBe('c2')
    expect(page.data.map((entry) => entry.id)).toEqual(['a'])
    expect(page.data[0]!.transfers.map((transfer) => transfer.nft)).toEqual([
      { name: 'Ape #1', imageUrl: 'https://img.example/1.png', isSpam: true },
      { name: 'Ape #1', imageUrl: undefined, isSpam: true },
    ])
  })

  it('blockchainApiOf builds the client from services.api once, and none without it', () => {
    const kernel = testKernel({ services: { api: 'http://127.0.0.1:9' } })
    expect(blockchainApiOf(kernel)).toBe(blockchainApiOf(kernel))
    expect(blockchainApiOf(testKernel())).toBeUndefined()
  })
})
