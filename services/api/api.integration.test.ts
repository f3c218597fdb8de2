// The blockchain data service over real HTTP against two real anvils with the fixture contracts (and the local
// Solana node for SOL and SPL tokens): what it answers is checked against the chains themselves, read here with viem
// and @solana/kit.
import net from 'node:net'

import {
  type Address as SolanaAddress,
  type Instruction,
  type KeyPairSigner,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTokenSize,
} from '@solana-program/token'

import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  type Hex,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { ANVIL_ACCOUNTS, startDevChains, type DevChains } from '../dev/devchain/index.mjs'
import {
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  LOCAL_SOLANA_CHAIN_ID,
  LOCAL_USDC_MINT,
  TEST_WALLET_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  mintFixtureTokens,
  startSolanaRpc,
} from '../dev/solana/index.mjs'
import { HISTORY_PAGE_SIZE, parseTokenUri, startApi, type BlockchainApi, type StartApiOptions } from './index.mjs'

const PROJECT = 'foyer-test'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const CHAIN = 'eip155:31337'
const [a0, a1, a2] = ANVIL_ACCOUNTS.map((account) => account.address) as [Hex, Hex, Hex]
const nftAbi = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)'])

type Json = any

let dev: DevChains
let solana: Awaited<ReturnType<typeof startSolanaRpc>>
let api: BlockchainApi
let options: StartApiOptions
let client: PublicClient
let fixtures: { usdc: Hex; usdt: Hex; nft: Hex }
const servers: BlockchainApi[] = []

/** A wallet client of anvil account `index` on chain `chainId`. */
function wallet(index: number, chainId = 31337) {
  const chain = defineChain({
    id: chainId,
    name: `dev ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [dev.chains.find((c) => c.chainId === chainId)!.url] } },
  })
  return createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[index]!.privateKey), chain, transport: http() })
}

async function get(path: string, base = api.url): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${CLIENT}`)
  return { status: response.status, body: await response.json(), headers: response.headers }
}

async function post(path: string, body: unknown, base = api.url) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Json }
}

/** Every page of an account's history. */
async function fullHistory(account: string, query = '', base = api.url) {
  const all: Json[] = []
  let cursor: string | null = null
  do {
    const page = await get(`/v1/account/${account}/history?${query}${cursor ? `&cursor=${cursor}` : ''}`, base)
    expect(page.status).toBe(200)
    all.push(...page.body.data)
    cursor = page.body.next
  } while (cursor)
  return all
}

/** Polls `read` until it returns something, for at most `ms`. */
async function eventually<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`nothing within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function confirm(hash: Promise<Hex>) {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  return receipt
}

beforeAll(async () => {
  ;[dev, solana] = await Promise.all([
    startDevChains({ ports: [0, 0] }),
    startSolanaRpc({
      port: 0,
      fund: [
        { address: TEST_WALLET_ADDRESS, lamports: 2_500_000_000n },
        // The fee payer and mint authority of the SPL token tests.
        { address: DEV_WALLET_ADDRESS, lamports: 10_000_000_000n },
      ],
    }),
  ])
  fixtures = dev.fixtures.chains['31337']!
  client = createPublicClient({ transport: http(dev.chains[0]!.url) })
  options = {
    chains: dev.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.url, namespace: 'eip155' as const })),
    solana: { rpcUrl: solana.url, chainId: LOCAL_SOLANA_CHAIN_ID },
    identities: { [a1.toLowerCase()]: { name: 'alice.foyer', avatar: 'https://example.test/alice.png' } },
    projectIds: [PROJECT],
  }
  api = await startApi(options)
  servers.push(api)
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([dev?.stop(), solana?.stop()])
})

describe('reads', () => {
  test('supported chains lists every indexed chain and the Solana node', async () => {
    const { status, body } = await get('/v1/supported-chains')
    expect(status).toBe(200)
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338', LOCAL_SOLANA_CHAIN_ID], ws: [] })
  })

  test('balances of anvil #0 match the chain, with prices and values', async () => {
    const { status, body } = await get(`/v1/account/${a0}/balance?currency=usd&chainId=${CHAIN}&forceUpdate=true`)
    expect(status).toBe(200)
    const [wei, usdc, usdt] = await Promise.all([
      client.getBalance({ address: a0 }),
      client.readContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [a0] }),
      client.readContract({ address: fixtures.usdt, abi: erc20Abi, functionName: 'balanceOf', args: [a0] }),
    ])
    const bySymbol = Object.fromEntries(body.balances.map((balance: Json) => [balance.symbol, balance]))
    expect(Object.keys(bySymbol).sort()).toEqual(['ETH', 'USDC', 'USDTS'])
    expect(bySymbol.ETH).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: CHAIN,
      value: Number(formatEther(wei)) * 3000,
      price: 3000,
      quantity: { decimals: '18', numeric: formatEther(wei) },
      // The chain's coin: its brand mark (services/api/tokenIconUrl.mjs).
      iconUrl: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/),
    })
    expect(bySymbol.ETH).not.toHaveProperty('address')
    expect(bySymbol.USDC).toMatchObject({
      name: 'USD Coin',
      chainId: CHAIN,
      address: `${CHAIN}:${fixtures.usdc}`,
      price: 1,
      value: Number(formatUnits(usdc, 6)),
      quantity: { decimals: '6', numeric: formatUnits(usdc, 6) },
    })
    expect(bySymbol.USDTS).toMatchObject({
      name: 'Tether Style USD',
      address: `${CHAIN}:${fixtures.usdt}`,
      price: 1,
      value: Number(formatUnits(usdt, 6)),
      quantity: { decimals: '6', numeric: formatUnits(usdt, 6) },
    })
  })

  test('without chainId, balances cover every chain; a CAIP-10 account names its chain', async () => {
    const all = await get(`/v1/account/${a0}/balance?currency=usd`)
    expect(all.body.balances.map((b: Json) => `${b.chainId} ${b.symbol}`).sort()).toEqual([
      'eip155:31337 ETH',
      'eip155:31337 USDC',
      'eip155:31337 USDTS',
      'eip155:31338 ETH',
      'eip155:31338 USDC',
      'eip155:31338 USDTS',
    ])
    const one = await get(`/v1/account/eip155:31338:${a0}/balance`)
    expect(new Set(one.body.balances.map((b: Json) => b.chainId))).toEqual(new Set(['eip155:31338']))
  })

  test('an account that never held anything has no balances', async () => {
    const { status, body } = await get(`/v1/account/0x${'12'.repeat(20)}/balance?chainId=${CHAIN}`)
    expect(status).toBe(200)
    expect(body).toEqual({ balances: [] })
  })

  test('SOL balance of a Solana account through the Solana node', async () => {
    const { status, body } = await get(`/v1/account/${TEST_WALLET_ADDRESS}/balance?currency=usd`)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      expect.objectContaining({
        symbol: 'SOL',
        chainId: LOCAL_SOLANA_CHAIN_ID,
        price: 150,
        value: 375,
        quantity: { decimals: '9', numeric: '2.5' },
      }),
    ])
  })

  test('prices of native currencies and tokens by CAIP-10 id', async () => {
    const { status, body } = await post('/v1/fungible/price', {
      projectId: PROJECT,
      currency: 'usd',
      addresses: [
        `${CHAIN}:native`,
        `${CHAIN}:${fixtures.usdc}`,
        `${CHAIN}:${fixtures.usdt.toLowerCase()}`,
        `${LOCAL_SOLANA_CHAIN_ID}:native`,
      ],
    })
    expect(status).toBe(200)
    expect(body.fungibles.map(({ name, symbol, price }: Json) => ({ name, symbol, price }))).toEqual([
      { name: 'Ether', symbol: 'ETH', price: 3000 },
      { name: 'USD Coin', symbol: 'USDC', price: 1 },
      { name: 'Tether Style USD', symbol: 'USDTS', price: 1 },
      { name: 'Solana', symbol: 'SOL', price: 150 },
    ])
    expect(body.fungibles[0].iconUrl).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    // Each answer names the id it was asked for, as asked.
    expect(body.fungibles.map(({ address }: Json) => address)).toEqual([
      `${CHAIN}:native`,
      `${CHAIN}:${fixtures.usdc}`,
      `${CHAIN}:${fixtures.usdt.toLowerCase()}`,
      `${LOCAL_SOLANA_CHAIN_ID}:native`,
    ])
  })

  test('price refusals', async () => {
    const ask = (body: unknown) => post('/v1/fungible/price', body)
    expect(await ask({ currency: 'usd', addresses: [`${CHAIN}:native`] })).toEqual({
      status: 400,
      body: { error: 'projectId is required' },
    })
    expect(await ask({ projectId: PROJECT, currency: 'usd', addresses: ['eip155:1:native'] })).toEqual({
      status: 400,
      body: { error: 'Unsupported chain' },
    })
    expect((await ask({ projectId: PROJECT, currency: 'usd', addresses: ['0x12'] })).body.error).toBe('Invalid CAIP-10 address: 0x12')
    expect((await ask({ projectId: PROJECT, currency: 'eur', addresses: [`${CHAIN}:native`] })).status).toBe(400)
    expect((await ask({ projectId: PROJECT, addresses: 'x' })).status).toBe(400)
    const broken = await fetch(`${api.url}/v1/fungible/price`, { method: 'POST', body: '{not json' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: 'The body must be a JSON object' })
  })

  test('identity of a configured address in any case; nulls for others', async () => {
    expect((await get(`/v1/identity/${a1}?sender=${a0}`)).body).toEqual({ name: 'alice.foyer', avatar: 'https://example.test/alice.png' })
    expect((await get(`/v1/identity/${a1.toUpperCase().replace('0X', '0x')}`)).body.name).toBe('alice.foyer')
    expect(await get(`/v1/identity/${a2}`)).toMatchObject({ status: 200, body: { name: null, avatar: null } })
  })
})

describe('history', () => {
  test('a new USDC transfer shows in the receiver history within seconds', async () => {
    const started = Date.now()
    const { transactionHash } = await confirm(
      wallet(0).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [a2, parseUnits('7.25', 6)] }),
    )
    const item = await eventually(async () => {
      const { body } = await get(`/v1/account/${a2}/history?chainId=${CHAIN}`)
      return body.data.find((transaction: Json) => transaction.metadata.hash === transactionHash)
    })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(item).toEqual({
      id: `${transactionHash}:0`,
      metadata: {
        minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
        chain: CHAIN,
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: a0,
        sentTo: a2,
        hash: transactionHash,
      },
      transfers: [
        {
          fungible_info: {
            name: 'USD Coin',
            symbol: 'USDC',
            icon: { url: expect.stringMatching(/^data:image\//) },
            flags: { is_spam: false },
          },
          direction: 'in',
          quantity: { numeric: '7.25' },
          value: 7.25,
          price: 1,
        },
      ],
    })
    // The sender sees the same transaction as a send.
    const sender = await get(`/v1/account/${a0}/history?chainId=${CHAIN}`)
    expect(sender.body.data[0]).toMatchObject({
      metadata: { hash: transactionHash, operationType: 'send' },
      transfers: [{ direction: 'out' }],
    })
  })

  test('a first page reads up to the head, so a transfer just mined is listed at once', async () => {
    const slow = await startApi({ chains: options.chains!.slice(0, 1) })
    servers.push(slow)
    await get(`/v1/account/${a2}/history`, slow.url)
    const { transactionHash } = await confirm(
      wallet(0).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [a2, parseUnits('0.5', 6)] }),
    )
    const { body } = await get(`/v1/account/${a2}/history`, slow.url)
    expect(body.data[0].metadata.hash).toBe(transactionHash)
  })

  test('NFT transfers carry the name and image of their tokenURI; the deployment is a mint', async () => {
    const { transactionHash } = await confirm(
      wallet(0).writeContract({ address: fixtures.nft, abi: nftAbi, functionName: 'transferFrom', args: [a0, a1, 2n] }),
    )
    const item = await eventually(async () => {
      const { body } = await get(`/v1/account/${a1}/history?chainId=${CHAIN}`)
      return body.data.find((transaction: Json) => transaction.metadata.hash === transactionHash)
    })
    expect(item.metadata.operationType).toBe('receive')
    expect(item.transfers).toEqual([
      {
        nft_info: {
          name: 'Foyer Fixture #2',
          flags: { is_spam: false },
          content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    const svg = Buffer.from(item.transfers[0].nft_info.content.preview.url.split(',')[1], 'base64').toString('utf8')
    expect(svg).toContain('#2</text>')

    const history = await fullHistory(a0, `chainId=${CHAIN}`)
    const mint = history.find((transaction) => transaction.transfers.length === 3 && transaction.transfers.every((t: Json) => t.nft_info))
    expect(mint.metadata.operationType).toBe('mint')
    expect(mint.transfers.map((t: Json) => t.nft_info.name)).toEqual(['Foyer Fixture #1', 'Foyer Fixture #2', 'Foyer Fixture #3'])
  })

  describe('an account with more than a page of history on two chains', () => {
    // Sending 24 transactions is the set-up, not the paging under test: it has a budget of its own (a second or two
    // on a quiet machine, over vitest's 5 s per test beside the browser suites on 2 cores).
    beforeAll(async () => {
      // 12 native transfers on each chain from #1 to #2: with the fixtures' transfers, more than one page.
      for (const chainId of [31337, 31338]) {
        const sender = wallet(1, chainId)
        const chainClient = createPublicClient({ transport: http(dev.chains.find((c) => c.chainId === chainId)!.url) })
        for (let i = 1; i <= 12; i++) {
          const hash = await sender.sendTransaction({ to: a2, value: parseEther(`0.00${i}`) })
          await chainClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        }
      }
    }, 60_000)

    test('pages of 20, newest first, over both chains; the cursor survives new blocks', async () => {
      await api.indexer.sync()
      const first = await get(`/v1/account/${a2}/history`)
      expect(first.body.data).toHaveLength(HISTORY_PAGE_SIZE)
      expect(first.body.next).toEqual(expect.any(String))
      // A block mined between two pages does not shift the second one.
      await confirm(wallet(1).sendTransaction({ to: a2, value: 1n }))
      await api.indexer.sync()
      const rest = []
      let cursor = first.body.next
      while (cursor) {
        const page = await get(`/v1/account/${a2}/history?cursor=${cursor}`)
        rest.push(...page.body.data)
        cursor = page.body.next
      }
      const paged = [...first.body.data, ...rest]
      const all = await fullHistory(a2)
      expect(all.slice(1).map((t) => t.id)).toEqual(paged.map((t) => t.id))
      expect(new Set(paged.map((t) => t.id)).size).toBe(paged.length)
      expect(new Set(paged.map((t) => t.metadata.chain))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
      const times = all.map((t) => Date.parse(t.metadata.minedAt))
      expect(times).toEqual([...times].sort((x, y) => y - x))

      const native = all.find((t) => t.transfers[0]?.quantity.numeric === '0.005')
      expect(native.transfers[0]).toMatchObject({
        fungible_info: { symbol: 'ETH', name: 'Ether' },
        direction: 'in',
        price: 3000,
        value: 15,
      })
      expect(native.metadata).toMatchObject({ operationType: 'receive', sentFrom: a1, sentTo: a2 })

      const onOne = await fullHistory(a2, 'chainId=eip155:31338')
      expect(onOne.length).toBeGreaterThan(0)
      expect(onOne.every((t) => t.metadata.chain === 'eip155:31338')).toBe(true)
      expect((await get(`/v1/account/${a2}/history?cursor=not-a-cursor`)).body).toEqual({ error: 'Invalid cursor' })
    })
  })

  test('a Solana account or an on-ramp filter has no history here', async () => {
    expect((await get(`/v1/account/${TEST_WALLET_ADDRESS}/history`)).body).toEqual({ data: [], next: null })
    expect((await get(`/v1/account/${a0}/history?onramp=coinbase`)).body).toEqual({ data: [], next: null })
  })
})

describe('refusals and failures', () => {
  test('every GET names its project and client', async () => {
    const bare = async (path: string) => {
      const response = await fetch(`${api.url}${path}`)
      return { status: response.status, body: await response.json() }
    }
    expect(await bare('/v1/supported-chains')).toEqual({ status: 400, body: { error: 'projectId is required' } })
    expect(await bare(`/v1/supported-chains?projectId=${PROJECT}&sv=1`)).toEqual({
      status: 400,
      body: { error: 'st (the client type) is required' },
    })
    expect(await bare(`/v1/supported-chains?projectId=${PROJECT}&st=foyer`)).toEqual({
      status: 400,
      body: { error: 'sv (the client version) is required' },
    })
    expect(await bare('/v1/supported-chains?projectId=someone-else&st=foyer&sv=1')).toEqual({
      status: 403,
      body: { error: 'projectId is not a project of this service' },
    })
  })

  test('bad addresses and unknown chains are 400', async () => {
    for (const account of ['0x123', 'not-an-address', `0x${'g'.repeat(40)}`]) {
      expect(await get(`/v1/account/${account}/balance`)).toMatchObject({ status: 400, body: { error: 'Invalid address' } })
    }
    expect((await get(`/v1/account/${a0}/balance?chainId=eip155:1`)).body).toEqual({ error: 'Unsupported chain' })
    expect((await get(`/v1/account/${a0}/history?chainId=eip155:1`)).body).toEqual({ error: 'Unsupported chain' })
    expect((await get(`/v1/account/${a0}/balance?chainId=${LOCAL_SOLANA_CHAIN_ID}`)).body).toEqual({ error: 'Invalid address' })
    expect((await get(`/v1/account/eip155:${a0}/history`)).body).toEqual({ error: `Invalid CAIP-10 address: eip155:${a0}` })
    expect((await get('/v1/identity/0x12')).body).toEqual({ error: 'Invalid address' })
    expect((await get('/v1/identity/%E0%A4%A')).body).toEqual({ error: 'Malformed path' })
    expect((await get('/v1/nothing')).status).toBe(404)
    expect((await post('/v1/supported-chains', {})).status).toBe(405)
  })

  test('answers CORS preflights for any origin', async () => {
    const response = await fetch(`${api.url}/v1/fungible/price`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    expect((await get('/v1/supported-chains')).headers.get('access-control-allow-origin')).toBe('*')
  })

  test('failNext(429) fails the next request only', async () => {
    api.failNext(429)
    const limited = await get('/v1/supported-chains')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(limited.body).toEqual({ error: 'Too Many Requests' })
    expect((await get('/v1/supported-chains')).status).toBe(200)
    api.failNext(503, 2)
    expect([
      (await get('/v1/supported-chains')).status,
      (await get('/v1/supported-chains')).status,
      (await get('/v1/supported-chains')).status,
    ]).toEqual([503, 503, 200])
  })

  test('a node that cannot be reached gives 502, never a crash', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo
        server.close(() => resolve(port))
      })
    })
    const logs: string[] = []
    const down = await startApi({
      chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${closed}` }],
      solana: { rpcUrl: `http://127.0.0.1:${closed}`, chainId: LOCAL_SOLANA_CHAIN_ID },
      log: (message) => logs.push(message),
    })
    servers.push(down)
    for (const path of [`/v1/account/${a0}/balance`, `/v1/account/${a0}/history`, `/v1/account/${TEST_WALLET_ADDRESS}/balance`]) {
      const { status, body } = await get(path, down.url)
      expect(status).toBe(502)
      expect(body.error).toMatch(/^Blockchain node unavailable: /)
    }
    expect((await post('/v1/fungible/price', { projectId: 'p', addresses: [`${CHAIN}:${fixtures.usdc}`] }, down.url)).status).toBe(502)
    expect((await get('/v1/supported-chains', down.url)).status).toBe(200)
  })
})

describe('options', () => {
  test('spam tokens are flagged in history and left out of balances; prices are configurable', async () => {
    const spammy = await startApi({
      chains: options.chains!.slice(0, 1),
      spamTokens: [`${CHAIN}:${fixtures.usdc}`, fixtures.nft.toLowerCase()],
      prices: { ETH: 2000, [fixtures.usdt]: 0.5 },
    })
    servers.push(spammy)
    const balances = (await get(`/v1/account/${a0}/balance`, spammy.url)).body.balances
    expect(balances.map((b: Json) => `${b.symbol} ${b.price}`).sort()).toEqual(['ETH 2000', 'USDTS 0.5'])
    const history = await fullHistory(a1, '', spammy.url)
    const usdc = history.find((t) => t.transfers[0]?.fungible_info?.symbol === 'USDC')
    const usdt = history.find((t) => t.transfers[0]?.fungible_info?.symbol === 'USDTS')
    const nft = history.find((t) => t.transfers[0]?.nft_info)
    expect(usdc.transfers[0].fungible_info.flags.is_spam).toBe(true)
    expect(usdt.transfers[0].fungible_info.flags.is_spam).toBe(false)
    expect(nft.transfers[0].nft_info.flags.is_spam).toBe(true)
  })

  test('tokenURI data: URIs give name and image; anything else gives nulls', () => {
    const json = (value: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`
    expect(parseTokenUri(json({ name: 'A', image: 'data:image/png;base64,AA==' }))).toEqual({
      name: 'A',
      image: 'data:image/png;base64,AA==',
    })
    expect(parseTokenUri(`data:application/json,${encodeURIComponent('{"name":"B","image":"https://x.test/b.png"}')}`)).toEqual({
      name: 'B',
      image: 'https://x.test/b.png',
    })
    expect(parseTokenUri(json({ name: 'C', image: 'javascript:alert(1)' }))).toEqual({ name: 'C', image: null })
    expect(parseTokenUri('https://x.test/1.json')).toEqual({ name: null, image: null })
    expect(parseTokenUri('data:application/json;base64,!!!')).toEqual({ name: null, image: null })
  })
})

describe('Solana SPL tokens', () => {
  const USDC_ID = `${LOCAL_SOLANA_CHAIN_ID}:${LOCAL_USDC_MINT}`
  const named = { mint: LOCAL_USDC_MINT, symbol: 'USDC', name: 'USD Coin' }
  // One signer instance: kit refuses two distinct signers for one address in a transaction.
  let payer: KeyPairSigner

  beforeAll(async () => {
    payer = await createKeyPairSignerFromBytes(new Uint8Array(DEV_WALLET_KEYPAIR))
  })

  /** Sends one transaction paid by the dev wallet and checks that it landed without error. */
  async function sendSolana(instructions: Instruction[]) {
    const rpc = createSolanaRpc(solana.url)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    )
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
  }

  /** A second token account (not the ATA) of `mint` for `owner`, holding `amount`. */
  async function extraTokenAccount(
    owner: SolanaAddress,
    mint: SolanaAddress,
    amount: bigint,
    programAddress: SolanaAddress = TOKEN_PROGRAM_ADDRESS,
  ) {
    const rpc = createSolanaRpc(solana.url)
    const account = await generateKeyPairSigner()
    const space = BigInt(getTokenSize())
    const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
    await sendSolana([
      getCreateAccountInstruction({ payer, newAccount: account, lamports: rent, space, programAddress }),
      getInitializeAccount3Instruction({ account: account.address, mint, owner }, { programAddress }),
      getMintToInstruction({ mint, token: account.address, mintAuthority: payer, amount }, { programAddress }),
    ])
  }

  /** A fresh account with `sol` SOL and nothing else. */
  async function freshAccount(sol: bigint) {
    const { address } = await generateKeyPairSigner()
    await createSolanaRpc(solana.url)
      .requestAirdrop(address, lamports(sol * 1_000_000_000n))
      .send()
    return address
  }

  async function balances(account: string, base: string) {
    const { status, body } = await get(`/v1/account/${account}/balance?currency=usd`, base)
    expect(status).toBe(200)
    return body.balances as Json[]
  }

  test('a holder of the fixture USDC gets a USDC entry summed over its token accounts; others get SOL only', async () => {
    const [holder, other] = await Promise.all([freshAccount(2n), freshAccount(3n)])
    await mintFixtureTokens(solana.url, { holders: [holder], amount: 2_500_000n })
    await extraTokenAccount(holder, LOCAL_USDC_MINT, 1_500_000n)
    const withNames = await startApi({ ...options, chains: [], solana: { ...options.solana!, tokens: [named] } })
    servers.push(withNames)

    // What the chain says: two token accounts of the fixture mint, 4 USDC in all.
    const onChain = await createSolanaRpc(solana.url)
      .getTokenAccountsByOwner(holder, { mint: LOCAL_USDC_MINT }, { encoding: 'jsonParsed' })
      .send()
    const amounts = onChain.value.map(({ account }) => BigInt(account.data.parsed.info.tokenAmount.amount))
    expect(amounts).toHaveLength(2)
    const total = amounts.reduce((sum, amount) => sum + amount, 0n)
    expect(total).toBe(4_000_000n)

    expect(await balances(holder, withNames.url)).toEqual([
      expect.objectContaining({ symbol: 'SOL', chainId: LOCAL_SOLANA_CHAIN_ID, value: 300, quantity: { decimals: '9', numeric: '2' } }),
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: LOCAL_SOLANA_CHAIN_ID,
        address: USDC_ID,
        price: 1,
        value: Number(formatUnits(total, 6)),
        quantity: { decimals: '6', numeric: formatUnits(total, 6) },
        // A mint the Solana options list: its brand mark.
        iconUrl: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/),
      },
    ])
    expect(await balances(`${LOCAL_SOLANA_CHAIN_ID}:${other}`, withNames.url)).toEqual([
      expect.objectContaining({ symbol: 'SOL', value: 450, quantity: { decimals: '9', numeric: '3' } }),
    ])
  })

  test('an unnamed mint shows as Unknown token, priced by its CAIP-10 id; Token-2022 accounts count', async () => {
    const holder = (await generateKeyPairSigner()).address
    await mintFixtureTokens(solana.url, { holders: [holder], amount: 1_000_000n })
    // A Token-2022 mint with 9 decimals: the base instructions are the same as the SPL Token program's.
    const mint = await generateKeyPairSigner()
    const space = BigInt(getMintSize())
    const rent = await createSolanaRpc(solana.url).getMinimumBalanceForRentExemption(space).send()
    const programAddress = TOKEN_2022_PROGRAM_ADDRESS
    await sendSolana([
      getCreateAccountInstruction({ payer, newAccount: mint, lamports: rent, space, programAddress }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: 9, mintAuthority: payer.address }, { programAddress }),
    ])
    await extraTokenAccount(holder, mint.address, 1_250_000_000n, programAddress)
    const priced = await startApi({
      ...options,
      chains: [],
      solana: { ...options.solana!, tokens: [{ mint: mint.address, symbol: 'T22', name: 'Token Twenty-Two' }] },
      prices: { [USDC_ID]: 0.5, T22: 2 },
    })
    servers.push(priced)

    // Holding no SOL: no SOL entry.
    const entries = await balances(holder, priced.url)
    expect(
      entries.map(({ name, symbol, address, price, value, quantity }: Json) => ({ name, symbol, address, price, value, quantity })),
    ).toEqual([
      {
        name: 'Unknown token',
        symbol: `${LOCAL_USDC_MINT.slice(0, 4)}…`,
        address: USDC_ID,
        price: 0.5,
        value: 0.5,
        quantity: { decimals: '6', numeric: '1' },
      },
      {
        name: 'Token Twenty-Two',
        symbol: 'T22',
        address: `${LOCAL_SOLANA_CHAIN_ID}:${mint.address}`,
        price: 2,
        value: 2.5,
        quantity: { decimals: '9', numeric: '1.25' },
      },
    ])
  })

  test('bad solana.tokens are TypeErrors that say what is wrong', async () => {
    const solanaOption = options.solana!
    await expect(startApi({ solana: { ...solanaOption, tokens: {} as never } })).rejects.toThrow(/^solana\.tokens must be an array/)
    await expect(startApi({ solana: { ...solanaOption, tokens: [{ ...named, mint: '0x12' }] } })).rejects.toThrow(
      'solana.tokens[0].mint must be a base58 address, got "0x12"',
    )
    await expect(startApi({ solana: { ...solanaOption, tokens: [named, { ...named, symbol: '' }] } })).rejects.toThrow(
      `solana.tokens names the mint ${LOCAL_USDC_MINT} twice`,
    )
    await expect(startApi({ solana: { ...solanaOption, tokens: [{ ...named, name: undefined as never }] } })).rejects.toThrow(
      'solana.tokens[0].name must be a non-empty string, got undefined',
    )
  })
})

describe('restart', () => {
  test('a restarted service answers the same history: nothing of it was kept in the process', async () => {
    const before = { a0: await fullHistory(a0), a1: await fullHistory(a1), a2: await fullHistory(a2) }
    await api.stop()
    const started = Date.now()
    api = await startApi(options)
    servers.push(api)
    const after = { a0: await fullHistory(a0), a1: await fullHistory(a1), a2: await fullHistory(a2) }
    expect(Date.now() - started).toBeLessThan(5000)
    expect(after).toEqual(before)
    expect(before.a2.length).toBeGreaterThan(HISTORY_PAGE_SIZE)
  })
})

describe('rules §7 parameters', () => {
  test('a token received a moment ago is listed, with or without forceUpdate; a malformed forceUpdate is 400', async () => {
    const slow = await startApi({ chains: options.chains!.slice(0, 1), projectIds: [PROJECT] })
    servers.push(slow)
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    const symbols = async (query: string) => {
      const { status, body } = await get(`/v1/account/${fresh}/balance?chainId=${CHAIN}${query}`, slow.url)
      expect(status).toBe(200)
      return body.balances.map((balance: Json) => balance.symbol)
    }
    expect(await symbols('')).toEqual([])
    await confirm(
      wallet(0).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [fresh, parseUnits('2.5', 6)] }),
    )
    expect(await symbols('&forceUpdate=false')).toEqual(['USDC'])
    expect(await symbols('&forceUpdate=true')).toEqual(['USDC'])
    expect((await get(`/v1/account/${fresh}/balance?forceUpdate=yes`, slow.url)).body).toEqual({
      error: 'forceUpdate must be true or false',
    })
  })

  test('identity takes the sender that asks; a malformed sender is 400', async () => {
    expect(await get(`/v1/identity/${a1}?sender=${a0}`)).toMatchObject({
      status: 200,
      body: { name: 'alice.foyer', avatar: 'https://example.test/alice.png' },
    })
    expect(await get(`/v1/identity/${a1}?sender=0x12`)).toMatchObject({ status: 400, body: { error: 'Invalid sender address' } })
  })
})
