// History and balances read from the node, nothing indexed: one anvil with the fixtures, the API reading it through
// its Otterscan API (ots_) and Transfer logs, through the explorer stand-in (services/dev/explorer), and through a
// proxy that counts every JSON-RPC call the API makes.
import http from 'node:http'

import {
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  erc20Abi,
  http as httpTransport,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { ANVIL_ACCOUNTS, MULTICALL3_ADDRESS, type DevChains, startDevChains } from '../dev/devchain/index.mjs'
import { type LocalExplorer, startExplorer } from '../dev/explorer/index.mjs'
import { HISTORY_PAGE_SIZE, type BlockchainApi, type StartApiOptions, startApi } from './index.mjs'

const CLIENT = 'projectId=p&st=foyer&sv=0.1.0'
const CHAIN = 'eip155:31337'
const API_KEY = 'test-key'
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
const nftAbi = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)'])
const local = defineChain({
  id: 31337,
  name: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
})

type Json = any

let dev: DevChains
let explorer: LocalExplorer
let proxy: { url: string; methods: string[]; refuse: RegExp | undefined; close: () => Promise<void> }
let reader: ReturnType<typeof createPublicClient>
let fixtures: DevChains['fixtures']['chains'][string]
const apis: BlockchainApi[] = []

/** A JSON-RPC proxy to anvil that records each method asked (batches too), and refuses those matching `refuse`. */
async function startCountingProxy(target: string) {
  const state = { methods: [] as string[], refuse: undefined as RegExp | undefined }
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const calls: Json[] = Array.isArray(body) ? body : [body]
    state.methods.push(...calls.map((call) => call.method))
    const answers = await Promise.all(
      calls.map(async (call) => {
        if (state.refuse?.test(call.method)) {
          return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `the method ${call.method} does not exist` } }
        }
        const forwarded = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call),
        })
        return forwarded.json()
      }),
    )
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

async function api(
  options: Partial<StartApiOptions['chains'] extends (infer C)[] | undefined ? C : never> = {},
  extra: StartApiOptions = {},
) {
  const started = await startApi({ chains: [{ chainId: 31337, rpcUrl: dev.chains[0]!.url, ...options }], log: () => {}, ...extra })
  apis.push(started)
  return started
}

async function get(base: string, path: string) {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${CLIENT}`)
  return { status: response.status, body: (await response.json()) as Json }
}

async function fullHistory(base: string, account: string) {
  const all: Json[] = []
  let cursor: string | null = null
  do {
    const page = await get(base, `/v1/account/${account}/history${cursor ? `?cursor=${cursor}` : ''}`)
    expect(page.status).toBe(200)
    all.push(...page.body.data)
    cursor = page.body.next
  } while (cursor)
  return all
}

function wallet(key: Hex) {
  return createWalletClient({ account: privateKeyToAccount(key), chain: local, transport: httpTransport(dev.chains[0]!.url) })
}

async function mined(hash: Promise<Hex>) {
  const receipt = await reader.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt.transactionHash
}

const rpc = (method: string, params: unknown[]) => reader.request({ method: method as never, params: params as never })
const owner = ANVIL_ACCOUNTS[0]!.privateKey as Hex
/** anvil's account #4 of the public test mnemonic: funded, and used by no fixture. */
const sender: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'

beforeAll(async () => {
  dev = await startDevChains({ ports: [0], chainIds: [31337] })
  fixtures = dev.fixtures.chains['31337']!
  reader = createPublicClient({ transport: httpTransport(dev.chains[0]!.url) })
  ;[explorer, proxy] = await Promise.all([
    startExplorer({ rpcUrl: dev.chains[0]!.url, apiKey: API_KEY }),
    startCountingProxy(dev.chains[0]!.url),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(apis.map((started) => started.stop()))
  await Promise.all([explorer?.stop(), proxy?.close()])
  await dev?.stop()
})

describe('history from the node (ots_ and Transfer logs)', () => {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key).address
  const sent: Hex[] = []

  beforeAll(async () => {
    // In: ETH from #4 (ots finds it: the account is the transaction's `to`), USDC and an NFT from #0 (found by their
    // logs only). Out: USDC back to #4 (ots finds it: the account sent it).
    sent.push(await mined(wallet(sender).sendTransaction({ to: account, value: parseEther('1.5') })))
    sent.push(
      await mined(
        wallet(owner).writeContract({
          address: fixtures.usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [account, parseUnits('12.34', 6)],
        }),
      ),
    )
    sent.push(
      await mined(
        wallet(owner).writeContract({
          address: fixtures.nft,
          abi: nftAbi,
          functionName: 'transferFrom',
          args: [privateKeyToAccount(owner).address, account, 3n],
        }),
      ),
    )
    sent.push(
      await mined(
        wallet(key).writeContract({
          address: fixtures.usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [privateKeyToAccount(sender).address, parseUnits('2', 6)],
        }),
      ),
    )
  })

  test('lists exactly what was sent, newest first: ETH and USDC in, an NFT in, USDC out', async () => {
    const { url } = await api()
    const history = await fullHistory(url, account)
    expect(history.map((item) => item.metadata.hash)).toEqual([...sent].reverse())
    expect(
      history.map((item) => [
        item.metadata.operationType,
        item.transfers.map((t: Json) => `${t.direction} ${t.quantity.numeric} ${t.fungible_info?.symbol ?? t.nft_info.name}`),
      ]),
    ).toEqual([
      ['send', ['out 2 USDC']],
      ['receive', ['in 1 Foyer Fixture #3']],
      ['receive', ['in 12.34 USDC']],
      ['receive', ['in 1.5 ETH']],
    ])
    expect(history[3].transfers[0]).toMatchObject({ price: 3000, value: 4500 })
  })

  test('an explorer API gives the same history as the node', async () => {
    const fromNode = await fullHistory((await api()).url, account)
    const before = explorer.requests.length
    const { url } = await api({ history: { source: 'explorer', url: explorer.url, apiKey: API_KEY } })
    expect(await fullHistory(url, account)).toEqual(fromNode)
    // One query of each list for the one page: txlist, tokentx, tokennfttx.
    expect(
      explorer.requests
        .slice(before)
        .map((request) => request.searchParams.get('action'))
        .sort(),
    ).toEqual(['tokennfttx', 'tokentx', 'txlist'])
    expect(explorer.requests.at(-1)!.searchParams.get('apikey')).toBe(API_KEY)
  })

  test('an explorer that refuses the key, or a node without ots_, is a 502 that says so', async () => {
    const refused = await api({ history: { source: 'explorer', url: explorer.url, apiKey: 'wrong' } })
    expect(await get(refused.url, `/v1/account/${account}/history`)).toEqual({
      status: 502,
      body: {
        error: `Blockchain node unavailable: The explorer of ${CHAIN} at ${new URL(explorer.url).host} refused: Missing or invalid API key`,
      },
    })
    proxy.refuse = /^ots_/
    try {
      const bare = await api({ rpcUrl: proxy.url })
      const answer = await get(bare.url, `/v1/account/${account}/history`)
      expect(answer.status).toBe(502)
      expect(answer.body.error).toContain(`The node of ${CHAIN} does not serve the Otterscan API (ots_)`)
    } finally {
      proxy.refuse = undefined
    }
  })

  describe('an account with 30 transactions in two blocks', () => {
    const busy = privateKeyToAccount(generatePrivateKey()).address

    // Sending 30 transactions is the set-up, not the paging under test: it has its own budget, as the file's anvil
    // has (a few seconds here on a quiet machine, over five beside the browser suites on 2 cores).
    beforeAll(async () => {
      // ETH from #4 (found by ots_) between USDC from #0 (found by logs).
      await rpc('evm_setAutomine', [false])
      try {
        for (let i = 0; i < 30; i++) {
          if (i % 2 === 0) await wallet(sender).sendTransaction({ to: busy, value: BigInt(i + 1), gas: 21_000n })
          else {
            await wallet(owner).writeContract({
              address: fixtures.usdc,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [busy, BigInt(i + 1)],
              gas: 100_000n,
            })
          }
          if (i === 14) await rpc('evm_mine', [])
        }
        await rpc('evm_mine', [])
      } finally {
        await rpc('evm_setAutomine', [true])
      }
    }, 60_000)

    test('pages of 20 keep their place while new blocks arrive, inside a block too', async () => {
      const { url } = await api()
      const first = await get(url, `/v1/account/${busy}/history`)
      expect(first.body.data).toHaveLength(HISTORY_PAGE_SIZE)
      // Two more arrive between the pages.
      const late = [
        await mined(wallet(sender).sendTransaction({ to: busy, value: 1000n })),
        await mined(wallet(owner).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [busy, 1000n] })),
      ]
      const second = await get(url, `/v1/account/${busy}/history?cursor=${first.body.next}`)
      expect(second.body.data).toHaveLength(10)
      expect(second.body.next).toBeNull()
      const paged = [...first.body.data, ...second.body.data].map((item) => item.id)
      expect(new Set(paged).size).toBe(30)
      const now = (await fullHistory(url, busy)).map((item) => item.metadata.hash)
      expect(now.slice(0, 2)).toEqual([...late].reverse())
      expect(now.slice(2)).toEqual([...first.body.data, ...second.body.data].map((item) => item.metadata.hash))
      const amounts = [...first.body.data, ...second.body.data].map((item) => item.transfers[0].quantity.numeric)
      expect(amounts.slice(0, 2)).toEqual(['0.00003', '0.000000000000000029'])
    })
  })
})

describe('balances in one Multicall3 call', () => {
  test('the list tokens and the history tokens come back from one eth_call; a token received since takes one more', async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address
    expect(await reader.getCode({ address: MULTICALL3_ADDRESS })).toMatch(/^0x[0-9a-f]{100,}$/)
    // USDC by a transfer (in the account's history); USDTS written straight into its balance, no Transfer event:
    // only the token list can bring it in.
    await mined(
      wallet(owner).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [holder, parseUnits('5', 6)] }),
    )
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 3n]))
    await rpc('anvil_setStorageAt', [fixtures.usdt, slot, numberToHex(parseUnits('7', 6), { size: 32 })])
    await rpc('anvil_setBalance', [holder, numberToHex(parseEther('2'))])
    const list = { tokens: [{ chainId: 31337, address: fixtures.usdt, name: 'Tether Style USD', symbol: 'USDTS', decimals: 6 }] }
    const { url } = await api({ rpcUrl: proxy.url }, { tokenLists: [list] })

    proxy.methods.length = 0
    const { status, body } = await get(url, `/v1/account/${holder}/balance?chainId=${CHAIN}`)
    expect(status).toBe(200)
    expect(body.balances.map((b: Json) => `${b.symbol} ${b.quantity.numeric} ${b.value}`)).toEqual(['ETH 2 6000', 'USDTS 7 7', 'USDC 5 5'])
    // One eth_call (aggregate3: the coin, both balances and USDC's name, symbol and decimals) and one eth_getLogs.
    expect(proxy.methods.sort()).toEqual(['eth_call', 'eth_getLogs'])

    // Read again: the amounts are read beside the lookup of received tokens, still one eth_call.
    proxy.methods.length = 0
    await get(url, `/v1/account/${holder}/balance?chainId=${CHAIN}`)
    expect(proxy.methods.sort()).toEqual(['eth_call', 'eth_getLogs'])

    // A token received since the last read: one more eth_call for it alone, and it is listed.
    const other = privateKeyToAccount(generatePrivateKey()).address
    await mined(wallet(owner).writeContract({ address: fixtures.usdt, abi: erc20Abi, functionName: 'transfer', args: [other, 1n] }))
    proxy.methods.length = 0
    const again = await get(url, `/v1/account/${other}/balance?chainId=${CHAIN}`)
    expect(again.body.balances.map((b: Json) => b.symbol)).toEqual(['USDTS'])
    await mined(wallet(owner).writeContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'transfer', args: [other, 3n] }))
    proxy.methods.length = 0
    const later = await get(url, `/v1/account/${other}/balance?chainId=${CHAIN}`)
    expect(later.body.balances.map((b: Json) => `${b.symbol} ${b.quantity.numeric}`)).toEqual(['USDTS 0.000001', 'USDC 0.000003'])
    expect(proxy.methods.sort()).toEqual(['eth_call', 'eth_call', 'eth_getLogs'])
  })
})

describe('prices from the pools', () => {
  test('without a configured price, a token is worth its pool mid price against USDC; a configured price wins', async () => {
    const pools = { router: fixtures.amm.router, usdc: fixtures.usdc }
    const { url } = await api({ pools }, { devPrices: false, prices: { [fixtures.usdt]: 0.99 } })
    const mid = async (pair: Hex, base: Hex, baseDecimals: number) => {
      const [[r0, r1], token0] = await Promise.all([
        reader.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
        reader.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
      ])
      const [reserveBase, reserveUsdc] = token0.toLowerCase() === base.toLowerCase() ? [r0, r1] : [r1, r0]
      return Number(reserveUsdc) / 1e6 / (Number(reserveBase) / 10 ** baseDecimals)
    }
    const response = await fetch(`${url}/v1/fungible/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: 'p',
        currency: 'usd',
        addresses: [`${CHAIN}:native`, `${CHAIN}:${fixtures.usdc}`, `${CHAIN}:${fixtures.usdt}`],
      }),
    })
    const { fungibles } = (await response.json()) as Json
    const eth = await mid(fixtures.amm.pairs['ETH/USDC'], fixtures.amm.weth, 18)
    expect(eth).toBeGreaterThan(1000)
    expect(fungibles.map((f: Json) => [f.symbol, f.price])).toEqual([
      ['ETH', eth],
      ['USDC', 1],
      ['USDTS', 0.99],
    ])
  })
})
