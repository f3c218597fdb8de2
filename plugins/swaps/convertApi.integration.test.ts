// The convert client against a real loopback server that answers as told: refusals keep the service's words,
// rules §8's two errors get their classes, and a transaction the service built for anything else than what was asked is
// refused before a wallet sees it.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConvertApi, NATIVE_TOKEN } from './convertApi.js'
import { startDevChains, type DevChains } from '../../services/dev/devchain/index.mjs'
import { startApi, type BlockchainApi as ApiServer } from '../../services/api/index.mjs'

const USER = `0x${'11'.repeat(20)}`
const TOKEN = `0x${'22'.repeat(20)}`
const ROUTER = `0x${'33'.repeat(20)}`
let answer: { status: number; body: unknown } = { status: 200, body: {} }
/** The body of the last request the server received, parsed. */
let received: unknown
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const api = () => createConvertApi({ baseUrl, projectId: 'test' })
const tx = (overrides: Record<string, unknown> = {}) => ({
  from: `eip155:1:${USER}`,
  to: `eip155:1:${TOKEN}`,
  data: '0x095ea7b3',
  value: '0',
  eip155: { gas: '50000', gasPrice: '1' },
  ...overrides,
})
const approve = () =>
  api().buildApprove({ networkId: 'eip155:1', userAddress: USER, from: `eip155:1:${TOKEN}`, to: `eip155:1:${NATIVE_TOKEN}`, amount: 5n })

describe('createConvertApi', () => {
  it("rules §8 refusals become 'Network not supported for Swaps' / 'for Gas Price'; others keep the service's words", async () => {
    answer = { status: 400, body: { error: 'Network not supported for Swaps' } }
    await expect(api().getTokens('eip155:5')).rejects.toMatchObject({
      name: 'NetworkNotSupportedForSwapsError',
      shortMessage: 'Network not supported for Swaps',
    })
    answer = { status: 400, body: { error: 'Network not supported for Gas Price' } }
    await expect(api().getGasPrice('eip155:5')).rejects.toMatchObject({ name: 'NetworkNotSupportedForGasPriceError' })
    answer = { status: 400, body: { error: 'No pool connects these tokens' } }
    await expect(api().getTokens('eip155:1')).rejects.toMatchObject({
      name: 'ConvertRequestError',
      shortMessage: 'No pool connects these tokens',
      status: 400,
    })
    answer = { status: 503, body: { error: 'down' } }
    await expect(api().getTokens('eip155:1')).rejects.toMatchObject({ shortMessage: 'HTTP status code: 503' })
  })

  it('an approval is approve() on the token paid, from the user, with no coin; anything else is refused', async () => {
    answer = { status: 200, body: { tx: tx(), reset: true } }
    await expect(approve()).resolves.toEqual({ to: TOKEN, data: '0x095ea7b3', value: 0n, gas: 50_000n, gasPrice: 1n, reset: true })
    for (const tampered of [
      tx({ to: `eip155:1:${ROUTER}` }),
      tx({ data: '0xa9059cbb' }),
      tx({ value: '1' }),
      tx({ from: `eip155:1:${ROUTER}` }),
      tx({ to: `eip155:10:${TOKEN}` }),
    ]) {
      answer = { status: 200, body: { tx: tampered } }
      await expect(approve()).rejects.toMatchObject({ name: 'ConvertRequestError', status: 502 })
    }
    answer = { status: 200, body: { tx: tx({ data: 'not hex' }) } }
    await expect(approve()).rejects.toMatchObject({ name: 'InvalidResponseError' })
  })

  it("a gas limit no transaction may have (over EIP-7825's 2^24) is refused before the wallet is offered it", async () => {
    answer = { status: 200, body: { tx: tx({ eip155: { gas: '16777216', gasPrice: '1' } }) } }
    await expect(approve()).resolves.toMatchObject({ gas: 16_777_216n })
    answer = { status: 200, body: { tx: tx({ eip155: { gas: '16777217', gasPrice: '1' } }) } }
    await expect(approve()).rejects.toMatchObject({ name: 'InvalidResponseError' })
  })

  it('a swap that pays another amount of the coin than asked is refused', async () => {
    const build = (amount: string) => {
      answer = { status: 200, body: { tx: tx({ to: `eip155:1:${ROUTER}`, data: '0x7ff36ab5', amount }), toAmountMin: '99' } }
      return api().buildTransaction({
        networkId: 'eip155:1',
        userAddress: USER,
        from: `eip155:1:${NATIVE_TOKEN}`,
        to: `eip155:1:${TOKEN}`,
        amount: 10n,
        slippage: 1,
      })
    }
    await expect(build('10')).resolves.toMatchObject({ to: ROUTER, value: 10n, toAmountMin: 99n })
    await expect(build('11')).rejects.toMatchObject({ status: 502 })
  })

  it('build-transaction asks for the gas estimate (disableEstimate false) unless told not to', async () => {
    answer = { status: 200, body: { tx: tx({ to: `eip155:1:${ROUTER}`, data: '0x7ff36ab5', amount: '10' }) } }
    const swap = {
      networkId: 'eip155:1',
      userAddress: USER,
      from: `eip155:1:${NATIVE_TOKEN}`,
      to: `eip155:1:${TOKEN}`,
      amount: 10n,
      slippage: 1,
    }
    await api().buildTransaction(swap)
    expect(received).toMatchObject({ amount: '10', eip155: { slippage: '1' }, disableEstimate: false })
    await api().buildTransaction({ ...swap, disableEstimate: true })
    expect(received).toMatchObject({ disableEstimate: true })
  })
})

describe('getPrices against services/api (rules §7 POST /v1/fungible/price)', () => {
  let dev: DevChains
  let server: ApiServer
  beforeAll(async () => {
    dev = await startDevChains({ ports: [0, 0] })
    server = await startApi({ chains: [{ chainId: 31337, rpcUrl: dev.chains[0]!.url }], prices: { USDC: 0.99 }, projectIds: ['test'] })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await dev?.stop()
  })

  it('the coin (0xeeee…) and tokens are priced by their CAIP-10 ids; an address that is no token is left out', async () => {
    const usdc = `eip155:31337:${dev.fixtures.chains['31337']!.usdc}`
    const coin = `eip155:31337:${NATIVE_TOKEN}`
    const nothing = `eip155:31337:${USER}`
    const prices = await createConvertApi({ baseUrl: server.url, projectId: 'test' }).getPrices([coin, usdc, nothing])
    expect(prices).toEqual({ [coin]: 3000, [usdc]: 0.99 })
  })
})
