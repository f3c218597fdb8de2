// The convert calls (rules §7) over real HTTP against two real anvils with the fixture tokens and Uniswap V2 deployed by
// the dev chains: quotes are checked against the router's own getAmountsOut, and built transactions are sent and
// their results read back from the chain.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { ANVIL_ACCOUNTS, startDevChains, type DevChains } from '../dev/devchain/index.mjs'
import { NATIVE_TOKEN, SWAP_NETWORKS, getAmountOut, startApi, type BlockchainApi } from './index.mjs'

const PROJECT = 'foyer-test'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:${NATIVE_TOKEN}`
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])

type Json = any

let dev: DevChains
let api: BlockchainApi
let client: PublicClient
let fixtures: DevChains['fixtures']['chains'][string]
let USDC: string
let USDTS: string
const user = privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey)
const USER = `${CHAIN}:${user.address}`

async function get(path: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${path}${path.includes('?') ? '&' : '?'}${CLIENT}`)
  return { status: response.status, body: await response.json() }
}

async function post(path: string, body: Record<string, unknown>): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: PROJECT, ...body }),
  })
  return { status: response.status, body: await response.json() }
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** Sends a transaction the API built, from anvil #1, and waits for it. */
async function send(tx: Json) {
  const chain = defineChain({
    id: 31337,
    name: 'dev',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [dev.chains[0]!.url] } },
  })
  const wallet = createWalletClient({ account: user, chain, transport: http() })
  const hash = await wallet.sendTransaction({
    to: tx.to.split(':').at(-1),
    data: tx.data,
    value: BigInt(tx.amount ?? tx.value ?? '0'),
    ...(tx.eip155?.gas && { gas: BigInt(tx.eip155.gas) }),
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  return receipt
}

const balanceOf = (token: string, owner: Hex = user.address) =>
  client.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowanceOf = (token: string) =>
  client.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'allowance', args: [user.address, fixtures.amm.router] })

beforeAll(async () => {
  dev = await startDevChains({ ports: [0, 0] })
  fixtures = dev.fixtures.chains['31337']!
  USDC = `${CHAIN}:${fixtures.usdc}`
  USDTS = `${CHAIN}:${fixtures.usdt}`
  client = createPublicClient({ transport: http(dev.chains[0]!.url) })
  api = await startApi({
    chains: dev.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.url,
      amm: { router: dev.fixtures.chains[String(chain.chainId)]!.amm.router },
    })),
    projectIds: [PROJECT],
  })
}, 60_000)

afterAll(async () => {
  await api?.stop()
  await dev?.stop()
})

describe('tokens', () => {
  test.each(['31337', '31338'])('chain %s lists the native coin and every token with a pool', async (id) => {
    const { status, body } = await get(`/v1/convert/tokens?chainId=eip155:${id}`)
    expect(status).toBe(200)
    const { usdc, usdt } = dev.fixtures.chains[id]!
    expect(body.tokens.map(({ logoUri, ...token }: Json) => token)).toEqual([
      { name: 'Ether', symbol: 'ETH', address: `eip155:${id}:${NATIVE_TOKEN}`, decimals: 18 },
      { name: 'USD Coin', symbol: 'USDC', address: `eip155:${id}:${usdc}`, decimals: 6 },
      { name: 'Tether Style USD', symbol: 'USDTS', address: `eip155:${id}:${usdt}`, decimals: 6 },
    ])
    // The coin has its brand mark; the pools' tokens are not listed here, so anyone's pool could name them: letters.
    expect(body.tokens.map(({ logoUri }: Json) => logoUri.slice(0, 22))).toEqual([
      'data:image/svg+xml,%3C',
      'data:image/svg+xml;bas',
      'data:image/svg+xml;bas',
    ])
  })
})

describe('quotes', () => {
  test("ETH → USDC is the router's own getAmountsOut, with route, fee and price impact", async () => {
    const amount = parseEther('1')
    const { status, body } = await get(
      `/v1/convert/quotes?${query({ amount: String(amount), userAddress: USER, from: ETH, to: USDC, gasPrice: '1000000000' })}`,
    )
    expect(status).toBe(200)
    const [, expected] = await client.readContract({
      address: fixtures.amm.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [fixtures.amm.weth, fixtures.usdc]],
    })
    expect(body.quotes).toHaveLength(1)
    const [quote] = body.quotes
    expect(quote).toMatchObject({
      id: null,
      fromAmount: String(amount),
      fromAccount: ETH,
      toAmount: String(expected),
      toAccount: USDC,
      route: [ETH, USDC],
    })
    // At the API's price of 3000 USDC, less the 0.3 % fee and the pool's slippage for 1 ETH of 100.
    expect(Number(expected) / 1e6).toBeGreaterThan(2950)
    expect(Number(expected) / 1e6).toBeLessThan(2991)
    expect(quote.fees).toEqual([{ token: ETH, amount: String(parseEther('0.003')), percent: 0.3 }])
    // 1 ETH into a pool of 100: the output is 1/101 below the mid price, fee aside.
    expect(quote.priceImpact).toBeCloseTo(100 / 101, 2)
    expect(Number(quote.eip155.gas)).toBeGreaterThan(50_000)
  })

  test('USDC → USDTS takes the better of the direct pool and the route through WETH', async () => {
    const amount = parseUnits('250', 6)
    const { body } = await get(`/v1/convert/quotes?${query({ amount: String(amount), userAddress: user.address, from: USDC, to: USDTS })}`)
    const read = async (path: Hex[]) =>
      (await client.readContract({ address: fixtures.amm.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] })).at(
        -1,
      )!
    const direct = await read([fixtures.usdc, fixtures.usdt])
    const throughWeth = await read([fixtures.usdc, fixtures.amm.weth, fixtures.usdt])
    expect(direct).toBeGreaterThan(throughWeth)
    expect(body.quotes[0]).toMatchObject({ toAmount: String(direct), route: [USDC, USDTS] })
    expect(body.quotes[0].fees).toEqual([{ token: USDC, amount: String((amount * 3n) / 1000n), percent: 0.3 }])
  })

  test('a large trade goes through WETH when that pays more; its price impact is large', async () => {
    // Unbalance the direct pool's price with a local copy of the formula: 400,000 USDC into a 500,000 pool.
    const amount = parseUnits('400000', 6)
    const { body } = await get(`/v1/convert/quotes?${query({ amount: String(amount), userAddress: user.address, from: USDC, to: USDTS })}`)
    const direct = getAmountOut(amount, parseUnits('500000', 6), parseUnits('500000', 6))
    const [, , viaWeth] = await client.readContract({
      address: fixtures.amm.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [fixtures.usdc, fixtures.amm.weth, fixtures.usdt]],
    })
    // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take.
    expect(body.quotes[0].toAmount).toBe(String(viaWeth! > direct ? viaWeth : direct))
    expect(body.quotes[0].priceImpact).toBeGreaterThan(40)
  })
})

describe('swapping', () => {
  test('a built ETH → USDC swap, sent as it is, receives at least the quote less 1 % slippage', async () => {
    const amount = parseEther('0.5')
    const quote = (await get(`/v1/convert/quotes?${query({ amount: String(amount), userAddress: USER, from: ETH, to: USDC })}`)).body
      .quotes[0]
    const built = await post('/v1/convert/build-transaction', {
      amount: String(amount),
      eip155: { slippage: '1' },
      from: ETH,
      to: USDC,
      userAddress: USER,
    })
    expect(built.status).toBe(200)
    expect(built.body.tx).toMatchObject({ from: USER, to: `${CHAIN}:${fixtures.amm.router}`, amount: String(amount) })
    expect(built.body.tx.data).toMatch(/^0x7ff36ab5/) // swapExactETHForTokens
    expect(BigInt(built.body.tx.eip155.gas)).toBeGreaterThan(50_000n)
    expect(BigInt(built.body.tx.eip155.gasPrice)).toBe(await client.getGasPrice())
    expect(built.body.toAmountMin).toBe(String((BigInt(quote.toAmount) * 9900n) / 10_000n))
    const latest = await client.getBlock()
    expect(built.body.deadline).toBe(Number(latest.timestamp) + 1200)

    const before = await balanceOf(fixtures.usdc)
    await send(built.body.tx)
    const received = (await balanceOf(fixtures.usdc)) - before
    expect(received).toBe(BigInt(quote.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(built.body.toAmountMin))
  })

  test("a swap built in the same second as the pool's last trade still lands when mined seconds later", async () => {
    // Uniswap V2 updates its price accumulators only in a block later than the pool's last trade, so an exact
    // estimate made within that second is short of the gas the mined swap needs (seen under CI load).
    const body = { amount: String(parseEther('0.01')), eip155: { slippage: '1' }, from: ETH, to: USDC, userAddress: USER }
    await send((await post('/v1/convert/build-transaction', body)).body.tx)
    const built = await post('/v1/convert/build-transaction', body)
    expect(built.status).toBe(200)
    await client.request({ method: 'evm_increaseTime' as never, params: [5] as never })
    const receipt = await send(built.body.tx)
    expect(receipt.gasUsed).toBeLessThan(BigInt(built.body.tx.eip155.gas))
  })

  test('USDC → ETH needs the approval first: without it the estimate says why; with it the swap lands', async () => {
    const amount = parseUnits('100', 6)
    const body = { amount: String(amount), eip155: { slippage: 0.5 }, from: USDC, to: ETH, userAddress: USER }
    const refused = await post('/v1/convert/build-transaction', body)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^The swap would fail: /)
    // disableEstimate builds it anyway, without gas.
    const unestimated = await post('/v1/convert/build-transaction', { ...body, disableEstimate: true })
    expect(unestimated.status).toBe(200)
    expect(unestimated.body.tx.eip155).not.toHaveProperty('gas')
    expect(unestimated.body.tx.data).toMatch(/^0x18cbafe5/) // swapExactTokensForETH

    expect((await get(`/v1/convert/allowance?${query({ tokenAddress: USDC, userAddress: USER })}`)).body).toEqual({ allowance: '0' })
    const approve = await get(`/v1/convert/build-approve?${query({ userAddress: USER, from: USDC, to: ETH, amount: String(amount) })}`)
    expect(approve.status).toBe(200)
    expect(approve.body).toMatchObject({ reset: false, tx: { from: USER, to: USDC, value: '0' } })
    await send(approve.body.tx)
    expect(await allowanceOf(fixtures.usdc)).toBe(amount)
    expect((await get(`/v1/convert/allowance?${query({ tokenAddress: USDC, userAddress: USER })}`)).body).toEqual({
      allowance: String(amount),
    })

    const built = await post('/v1/convert/build-transaction', body)
    expect(built.status).toBe(200)
    expect(built.body.toAmountMin).toBe(String((BigInt(built.body.toAmount) * 9950n) / 10_000n))
    const before = await client.getBalance({ address: user.address })
    const receipt = await send(built.body.tx)
    const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await client.getBalance({ address: user.address })) - before + gasPaid).toBe(BigInt(built.body.toAmount))
    expect(await allowanceOf(fixtures.usdc)).toBe(0n)
  })

  test('USDT-style approve: over a standing allowance the answer is the reset to 0, then the approval', async () => {
    const ask = (amount: string) => get(`/v1/convert/build-approve?${query({ userAddress: USER, from: USDTS, to: USDC, amount })}`)
    const first = await ask('5000000')
    expect(first.body.reset).toBe(false)
    await send(first.body.tx)
    expect(await allowanceOf(fixtures.usdt)).toBe(5_000_000n)

    // Raising it: the token refuses non-zero to non-zero, so the API answers the reset.
    const reset = await ask('9000000')
    expect(reset.status).toBe(200)
    expect(reset.body.reset).toBe(true)
    await send(reset.body.tx)
    expect(await allowanceOf(fixtures.usdt)).toBe(0n)
    const again = await ask('9000000')
    expect(again.body.reset).toBe(false)
    await send(again.body.tx)
    expect(await allowanceOf(fixtures.usdt)).toBe(9_000_000n)

    // USDC accepts any change: no reset, and without an amount the approval is unlimited.
    const usdcFirst = await get(`/v1/convert/build-approve?${query({ userAddress: USER, from: USDC, to: USDTS, amount: '1' })}`)
    await send(usdcFirst.body.tx)
    const usdc = await get(`/v1/convert/build-approve?${query({ userAddress: USER, from: USDC, to: USDTS })}`)
    expect(usdc.body.reset).toBe(false)
    await send(usdc.body.tx)
    expect(await allowanceOf(fixtures.usdc)).toBe(maxUint256)
  })
})

describe('gas price', () => {
  test('standard is the node price; fast and instant 1.2 and 1.5 times it', async () => {
    const { status, body } = await get(`/v1/convert/gas-price?chainId=${CHAIN}`)
    expect(status).toBe(200)
    const standard = BigInt(body.standard)
    expect(standard).toBe(await client.getGasPrice())
    expect(body).toEqual({ standard: String(standard), fast: String((standard * 12n) / 10n), instant: String((standard * 15n) / 10n) })
  })
})

describe('refusals', () => {
  test('outside the swap networks every call says so in rules §8 words', async () => {
    expect(SWAP_NETWORKS).toContain('eip155:1313161554')
    expect(SWAP_NETWORKS).toHaveLength(14)
    // eip155:5 is not a swap network; eip155:1 is one, but this service has no pools there.
    for (const chain of ['eip155:5', 'eip155:1']) {
      const eth = `${chain}:${NATIVE_TOKEN}`
      const token = `${chain}:${fixtures.usdc}`
      const unsupported = { status: 400, body: { error: 'Network not supported for Swaps' } }
      expect(await get(`/v1/convert/tokens?chainId=${chain}`)).toEqual(unsupported)
      expect(await get(`/v1/convert/quotes?${query({ amount: '1', userAddress: user.address, from: eth, to: token })}`)).toEqual(
        unsupported,
      )
      expect(await get(`/v1/convert/allowance?${query({ tokenAddress: token, userAddress: user.address })}`)).toEqual(unsupported)
      expect(await get(`/v1/convert/build-approve?${query({ userAddress: user.address, from: token, to: eth })}`)).toEqual(unsupported)
      expect(await post('/v1/convert/build-transaction', { amount: '1', from: eth, to: token, userAddress: user.address })).toEqual(
        unsupported,
      )
      expect(await get(`/v1/convert/gas-price?chainId=${chain}`)).toEqual({
        status: 400,
        body: { error: 'Network not supported for Gas Price' },
      })
    }
  })

  test('bad parameters are 400 with a message that says what is wrong', async () => {
    const quote = (params: Record<string, string>) =>
      get(`/v1/convert/quotes?${query({ amount: '1000', userAddress: USER, from: ETH, to: USDC, ...params })}`)
    const error = async (answer: Promise<{ status: number; body: Json }>) => {
      const { status, body } = await answer
      expect(status).toBe(400)
      return body.error
    }
    expect(await error(quote({ amount: '0' }))).toBe("amount must be a positive whole number of the token's smallest unit")
    expect(await error(quote({ amount: '1.5' }))).toBe("amount must be a positive whole number of the token's smallest unit")
    expect(await error(quote({ amount: '' }))).toBe('amount is required')
    expect(await error(quote({ from: USDC }))).toBe('from and to must be different tokens')
    expect(await error(quote({ to: `eip155:31338:${fixtures.usdc}` }))).toBe('from and to must be on the same network')
    expect(await error(quote({ to: '0x12' }))).toBe('Invalid CAIP-10 address: 0x12')
    expect(await error(quote({ userAddress: `eip155:31338:${user.address}` }))).toBe('userAddress is on another network than the tokens')
    expect(await error(quote({ userAddress: 'nobody' }))).toBe('Invalid address')
    expect(await error(quote({ gasPrice: 'fast' }))).toBe('gasPrice must be a whole number of wei')
    expect(await error(quote({ to: `${CHAIN}:0x${'12'.repeat(20)}` }))).toBe('No pool connects these tokens')
    expect(await error(get(`/v1/convert/tokens`))).toBe('chainId is required')
    expect(await error(get(`/v1/convert/allowance?${query({ tokenAddress: ETH, userAddress: USER })}`))).toBe(
      'tokenAddress is the native coin, which needs no allowance',
    )
    expect(await error(get(`/v1/convert/build-approve?${query({ userAddress: USER, from: ETH, to: USDC })}`))).toBe(
      'from is the native coin, which needs no approval',
    )
    const build = (body: Record<string, unknown>) =>
      post('/v1/convert/build-transaction', { amount: '1000', from: ETH, to: USDC, userAddress: USER, ...body })
    expect(await error(build({ eip155: { slippage: '80' } }))).toBe('eip155.slippage must be a percentage from 0 to 50')
    expect(await error(build({ eip155: { slippage: '-1' } }))).toBe('eip155.slippage must be a percentage from 0 to 50')
    expect(await error(build({ eip155: 'x' }))).toBe('eip155 must be an object such as { "slippage": "1" }')
    expect(await error(build({ disableEstimate: 'yes' }))).toBe('disableEstimate must be true or false')
    expect(await error(build({ userAddress: undefined }))).toBe('userAddress is required')
  })

  test('a router on a network outside the list is refused at start', async () => {
    await expect(startApi({ chains: [{ chainId: 5, rpcUrl: dev.chains[0]!.url, amm: { router: fixtures.amm.router } }] })).rejects.toThrow(
      /^chains\[\]\.amm: swaps are offered only on eip155:1, .* not eip155:5$/,
    )
    await expect(startApi({ chains: [{ chainId: 31337, rpcUrl: dev.chains[0]!.url, amm: { router: 'nope' } }] })).rejects.toThrow(
      'chains[].amm.router must be an EVM address, got "nope"',
    )
  })
})
