// Two API and two wallet instances as a host scaling out runs them: real processes started with the documented
// variables only, one PostgreSQL server, the test standing where the TLS proxy would (it sends X-Forwarded-* from
// 127.0.0.1, the trusted proxy). What one instance acknowledged, the other must honour, even after the first is
// killed with SIGKILL; an order is paid once whatever starts or dies; a client has one budget across instances.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

import { createSiweMessage } from 'viem/siwe'
import { createPublicClient, createWalletClient, http, parseEther, stringToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'

import { startPostgres, type PostgresServer } from '../test/startPostgres.mjs'
import { frameBrowser } from '../test/frameBrowser.js'
import { lastMailedCode, uniqueEmail } from '../test/mailbox.js'
import { startDirectory, type WalletDirectory } from './directory/index.mjs'
import { startMailCatcher, type MailCatcher } from './dev/mail/index.mjs'
import { startAnvil } from './dev/devchain/index.mjs'
import { openOrderStore } from './api/onramp/orderStore.mjs'
import { ONRAMP_TREASURY } from './api/onramp/treasury.mjs'
import { openSharedRateLimit } from './http/index.mjs'
import { openDatabase, type Database } from './storage/index.mjs'

const SERVICES = fileURLToPath(new URL('.', import.meta.url))
const PROJECT = 'demo'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const HOST = 'http://127.0.0.1:5173'
/** The wallet's public origin: what browsers see behind the proxy that ends TLS. */
const WALLET_ORIGIN = 'https://wallet.test'
const PROXIED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'wallet.test' }
const SLOW = { timeout: 60_000 }

type Json = any
interface Instance {
  url: string
  process: ChildProcess
}

let postgres: PostgresServer
let databaseUrl: string
let database: Database
let anvil: Awaited<ReturnType<typeof startAnvil>>
let mail: MailCatcher
let directory: WalletDirectory
let apis: [Instance, Instance]
let wallets: [Instance, Instance]
/** The USDC contract the on-ramp is told of (it pays ETH here). */
let usdc: Hex
const started: Instance[] = []
/** An order a stopped instance left confirmed but unpaid, before any instance of this test started. */
const leftPaying = {
  id: randomBytes(16).toString('base64url'),
  address: privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address,
}

/** Starts `cli` as its own process and resolves with the URL it prints. */
async function startInstance(cli: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [`${SERVICES}${cli}`], {
    env: { NODE_ENV: 'production', PATH: process.env['PATH'] ?? '', FOYER_LOG_REQUESTS: 'off', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const found = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (found) resolve(found[1]!)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`${cli} exited (${code}) before listening:\n${output}`)))
  })
  const instance = { url, process: child }
  started.push(instance)
  return instance
}

const startApiInstance = (usdc: string, env: Record<string, string> = {}) =>
  startInstance('api/cli.mjs', {
    FOYER_API_PORT: '0',
    FOYER_API_CHAINS: `31337=${anvil.url}`,
    // A bare anvil has no pools to price ETH from: the dev chains' fixed prices quote it.
    FOYER_API_DEV_PRICES: 'on',
    FOYER_API_ONRAMP_USDC: `31337=${usdc}`,
    // The survivor looks for orders a dead instance left every 2 s (5 minutes in production).
    FOYER_API_ONRAMP_PAYOUT_LEASE_SECONDS: '2',
    FOYER_TRUSTED_PROXIES: '127.0.0.1',
    ...env,
  })

const startWalletInstance = (masterKey: string, env: Record<string, string> = {}) =>
  startInstance('wallet/cli.mjs', {
    ...env,
    FOYER_WALLET_PORT: '0',
    FOYER_SMTP_URL: mail.smtpUrl,
    FOYER_DIRECTORY_URL: directory.url,
    FOYER_WALLET_NETWORKS: `31337=${anvil.url}`,
    FOYER_WALLET_MASTER_KEY: masterKey,
    FOYER_TRUSTED_PROXIES: '127.0.0.1',
  })

/** SIGKILL: no drain, no goodbye, as a crashed machine. */
async function kill(instance: Instance) {
  const exited = once(instance.process, 'exit')
  instance.process.kill('SIGKILL')
  await exited
}

async function apiCall(api: Instance, method: 'GET' | 'POST', pathname: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}${pathname}${pathname.includes('?') ? '&' : '?'}${CLIENT}`, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify({ projectId: PROJECT, ...body }) }),
  })
  return { status: response.status, body: (await response.json()) as Json }
}

/** One visitor's browser, its frame page served by whichever wallet instance `route()` names, through the proxy. */
function visitor(route: () => Instance) {
  const app = {
    request: (url: string, init: RequestInit) =>
      fetch(url.replace(WALLET_ORIGIN, route().url), { ...init, headers: { ...(init.headers as Record<string, string>), ...PROXIED } }),
  } as unknown as Hono
  return frameBrowser(() => app, { wallet: WALLET_ORIGIN, host: HOST, projectId: PROJECT })
}

const balanceOf = (address: Hex) => createPublicClient({ transport: http(anvil.url) }).getBalance({ address })

/** A JSON-RPC call to anvil, for what viem does not wrap (its mining switches). */
async function anvilCall(method: string, params: unknown[] = []): Promise<Json> {
  const response = await fetch(anvil.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const { result, error } = (await response.json()) as Json
  if (error) throw new Error(`${method}: ${error.message}`)
  return result
}

/** The treasury's transactions sent but not mined yet. */
/** How many treasury keys an instance is sending from right now (services/api/onramp/treasury.mjs, inTurn). */
async function treasuryTurnsHeld() {
  return (await database.query('SELECT key FROM onramp.treasury_turns WHERE until > now()')).rows.length
}

async function treasuryPending() {
  const [pending, latest] = await Promise.all(
    ['pending', 'latest'].map((tag) => anvilCall('eth_getTransactionCount', [ONRAMP_TREASURY.address, tag])),
  )
  return Number(pending) - Number(latest)
}

/** An on-ramp purchase of 100 USD of ETH on `api`, its checkout open: the buyer, the order, the ETH bought. */
async function openPurchase(api: Instance) {
  const buyer = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
  const quote = await apiCall(api, 'POST', '/v1/onramp/quote', {
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    network: 'local-31337',
    amount: '100.00',
  })
  const opened = await apiCall(api, 'POST', '/v1/generators/onrampurl', {
    destinationWallets: [{ address: buyer, blockchains: ['local-31337'], assets: ['ETH'] }],
    quoteId: quote.body.quoteId,
  })
  expect(opened.status).toBe(200)
  const confirm = async () => {
    const checkout = new URL(opened.body.url)
    checkout.pathname += '/confirm'
    const answer = await fetch(checkout, { method: 'POST', body: new URLSearchParams({ paymentMethod: 'card' }), redirect: 'manual' })
    expect(answer.status).toBe(303)
  }
  return { buyer, orderId: opened.body.orderId as string, bought: parseEther(quote.body.purchaseAmount.value), confirm }
}

/** Waits until `api` answers the order as settled (no longer paying), and answers it. */
async function settledOrder(api: Instance, orderId: string) {
  let order: Json
  await expect
    .poll(
      async () => {
        order = (await apiCall(api, 'GET', `/v1/onramp/orders/${orderId}`)).body
        return order.status
      },
      { timeout: 20_000 },
    )
    .not.toBe('paying')
  return order
}

beforeAll(async () => {
  ;[postgres, anvil, mail, directory] = await Promise.all([
    startPostgres(),
    startAnvil({ port: 0, chainId: 31337 }),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'], log: () => {} }),
  ])
  databaseUrl = await postgres.createDatabase()
  database = await openDatabase({ databaseUrl })
  const orders = await openOrderStore(database)
  await orders.create({
    id: leftPaying.id,
    provider: 'coinbase',
    network: 'local-31337',
    chainId: 'eip155:31337',
    address: leftPaying.address,
    purchaseCurrency: 'ETH',
    purchaseAmount: '0.5',
    units: String(parseEther('0.5')),
    paymentCurrency: 'USD',
    paymentMethod: 'card',
    paymentTotal: '1500.00',
    paymentSubtotal: '1470.00',
    fee: '30.00',
    partnerUserId: null,
  })
  await orders.transition(leftPaying.id, 'created', 'paying')
  // The on-ramp pays ETH here; its USDC contract is named but never paid from.
  usdc = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
  const masterKey = randomBytes(32).toString('hex')
  // All four at once, as an orchestrator rolls them out.
  const [apiA, apiB, walletA, walletB] = await Promise.all([
    startApiInstance(usdc),
    startApiInstance(usdc),
    startWalletInstance(masterKey),
    // One wallet knows its public origin outright; the other learns it from the proxy's headers.
    startWalletInstance(masterKey, { FOYER_WALLET_PUBLIC_ORIGIN: WALLET_ORIGIN }),
  ])
  apis = [apiA, apiB]
  wallets = [walletA, walletB]
}, 60_000)

afterAll(async () => {
  await Promise.allSettled(started.filter((instance) => instance.process.exitCode === null && !instance.process.killed).map(kill))
  await database?.close()
  await Promise.allSettled([anvil?.stop(), mail?.stop(), directory?.stop()])
  await postgres?.stop()
})

describe('two API and two wallet instances on one PostgreSQL server', () => {
  it('every instance is ready once migrated and its node answers', async () => {
    for (const instance of [...apis, ...wallets]) expect(await (await fetch(`${instance.url}/readyz`)).json()).toEqual({ status: 'ready' })
  })

  it('two instances starting together pay an order a stopped one left paying exactly once', SLOW, async () => {
    await expect
      .poll(async () => (await apiCall(apis[1], 'GET', `/v1/onramp/orders/${leftPaying.id}`)).body.status, { timeout: 20_000 })
      .toBe('paid')
    // Paid twice, the address would hold 1 ETH.
    expect(await balanceOf(leftPaying.address)).toBe(parseEther('0.5'))
  })

  it('the shared budget’s SQL: two limiters on one server count one client together, and reopen the window when it ends', async () => {
    let time = 1_000_000
    const now = () => time
    const [first, second] = await Promise.all(
      [1, 2].map(() => openSharedRateLimit({ database, scope: 'test', limit: 3, windowMs: 10_000, now })),
    )
    await first!.take('client')
    await second!.take('client')
    await first!.take('client')
    time += 2_500
    await expect(second!.take('client')).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '8' } })
    // Another client, or another service's scope, has its own.
    await second!.take('other')
    const otherService = await openSharedRateLimit({ database, scope: 'other-service', limit: 1, windowMs: 10_000, now })
    await otherService.take('client')
    time += 7_500
    await second!.take('client')
  })

  it('a client has one sign-in budget across instances, counted by the address the trusted proxy forwards', SLOW, async () => {
    const from = (client: string) => ({ 'x-forwarded-for': `${client}, 127.0.0.1` })
    const nonce = (api: Instance, client: string) => apiCall(api, 'POST', '/v1/sessions/nonce', {}, from(client))
    // 60 a minute per client: half through each instance is the whole budget.
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, index) => nonce(apis[index % 2]!, '203.0.113.7')))
    expect(statuses.every((answer) => answer.status === 200)).toBe(true)
    for (const api of apis) {
      const refused = await nonce(api, '203.0.113.7')
      expect(refused.status).toBe(429)
      expect(refused.body.error).toMatch(/^Rate Limited: try again after \d+ seconds$/)
    }
    // Another visitor behind the same proxy keeps a budget of their own.
    expect((await nonce(apis[1], '203.0.113.8')).status).toBe(200)
  })

  it(
    'behind the TLS proxy, a frame call from https://wallet.test is the wallet’s own: by the forwarded scheme, or the configured origin',
    SLOW,
    async () => {
      const unproxied = (wallet: Instance) =>
        fetch(`${wallet.url}/v1/frame/origin`, {
          method: 'POST',
          headers: { origin: WALLET_ORIGIN, 'content-type': 'application/json', 'x-forwarded-host': 'wallet.test' },
          body: JSON.stringify({ projectId: PROJECT, origin: HOST }),
        })
      // Without X-Forwarded-Proto the first instance sees http://wallet.test; the second was told its origin.
      expect((await unproxied(wallets[0])).status).toBe(403)
      expect((await unproxied(wallets[1])).status).toBe(200)
      expect((await visitor(() => wallets[0]).call('/v1/frame/origin', { projectId: PROJECT, origin: HOST })).body).toEqual({
        allowed: true,
      })
    },
  )

  it(
    'a login, an approval and a sign-in cross instances, and survive the SIGKILL of the instance that acknowledged them',
    SLOW,
    async () => {
      let serving = wallets[0]
      const page = visitor(() => serving)
      const email = uniqueEmail('instances')
      // The code is mailed by one wallet instance and checked by the other.
      expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
      serving = wallets[1]
      expect((await page.send('APP_CONNECT_OTP', { otp: await lastMailedCode(mail.url, email) })).status).toBe(200)
      const user = (await page.send('APP_GET_USER', { chainId: 31337 })).body
      expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

      // The sign-in message carries a nonce from one API instance.
      const message = createSiweMessage({
        address: user.address,
        chainId: 31337,
        domain: '127.0.0.1:5173',
        uri: `${HOST}/`,
        version: '1',
        nonce: (await apiCall(apis[0], 'POST', '/v1/sessions/nonce', {})).body.nonce,
        issuedAt: new Date(),
      })
      // The signature is asked on the first wallet instance, which is then killed; the other answers the approval.
      serving = wallets[0]
      const pending = await page.send('APP_RPC_REQUEST', {
        method: 'personal_sign',
        params: [stringToHex(message), user.address],
        chainId: 31337,
      })
      const { requestId, secret } = pending.body.approval
      await kill(wallets[0])
      serving = wallets[1]
      // The frame's Approve: the decision, then the signature the frame makes from its key shares, handed back.
      const signed = await page.decide(requestId, secret)
      expect(signed.status).toBe(200)

      // The other API instance spends the nonce the first gave, once.
      const session = await apiCall(apis[1], 'POST', '/v1/sessions', { message, signature: signed.body.result })
      expect(session.status).toBe(200)
      expect(session.body.address.toLowerCase()).toBe(user.address.toLowerCase())
      expect((await apiCall(apis[0], 'POST', '/v1/sessions', { message, signature: signed.body.result })).status).toBe(403)
    },
  )

  it(
    'an on-ramp quote from one API instance opens a checkout on the other, which pays it once after the first is SIGKILLed',
    SLOW,
    async () => {
      const buyer = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
      const quote = await apiCall(apis[0], 'POST', '/v1/onramp/quote', {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        network: 'local-31337',
        amount: '100.00',
      })
      expect(quote.status).toBe(200)
      // The quote one instance gave opens a checkout on the other.
      const opened = await apiCall(apis[1], 'POST', '/v1/generators/onrampurl', {
        destinationWallets: [{ address: buyer, blockchains: ['local-31337'], assets: ['ETH'] }],
        quoteId: quote.body.quoteId,
      })
      expect(opened.status).toBe(200)
      expect(opened.body.quote).toEqual(quote.body)
      await kill(apis[0])

      const checkout = new URL(opened.body.url)
      checkout.pathname += '/confirm'
      expect(
        (await fetch(checkout, { method: 'POST', body: new URLSearchParams({ paymentMethod: 'card' }), redirect: 'manual' })).status,
      ).toBe(303)
      await expect
        .poll(async () => (await apiCall(apis[1], 'GET', `/v1/onramp/orders/${opened.body.orderId}`)).body.status, { timeout: 20_000 })
        .toBe('paid')
      expect(await balanceOf(buyer)).toBe(parseEther(quote.body.purchaseAmount.value))
    },
  )
})

describe('on-ramp payouts across instances that die or pay at once', () => {
  // Three more instances, each killed mid-payout by one test; the first pays beside the survivor apis[1] before.
  // Their claims last a minute, so that a test sets the scene before it lets the claim run out (endClaim).
  let doomed: [Instance, Instance, Instance]
  beforeAll(async () => {
    const [first, second, third] = await Promise.all(
      Array.from({ length: 3 }, () => startApiInstance(usdc, { FOYER_API_ONRAMP_PAYOUT_LEASE_SECONDS: '60' })),
    )
    doomed = [first!, second!, third!]
  }, 60_000)

  /** The dead instance's claim on the order runs out: the survivor takes the order over at its next look (2 s). */
  const endClaim = (orderId: string) => database.query('UPDATE onramp.orders SET payout_until = now() WHERE id = $1', [orderId])

  /** Confirms a purchase on `doomed` with mining stopped, and SIGKILLs it once its payout waits in the node's pool. */
  async function killMidPayout(doomed: Instance) {
    const purchase = await openPurchase(doomed)
    await anvilCall('evm_setAutomine', [false])
    try {
      await purchase.confirm()
      await expect.poll(treasuryPending, { timeout: 10_000 }).toBe(1)
      // Killed once the payout is sent and the treasury's turn handed back, before it is recorded paid. (Killed
      // inside the turn, the dead instance would hold it for its 30 s, and the survivor would wait that long.)
      await expect.poll(treasuryTurnsHeld, { timeout: 10_000 }).toBe(0)
      await kill(doomed)
    } catch (error) {
      await anvilCall('evm_setAutomine', [true])
      throw error
    }
    const [sent] = Object.values((await anvilCall('txpool_content')).pending[ONRAMP_TREASURY.address.toLowerCase()] ?? {}) as Json[]
    return { ...purchase, sent: sent.hash as Hex }
  }

  it('two instances paying at once from one treasury take turns for its nonces: every order paid once, none failed', SLOW, async () => {
    const purchases = await Promise.all(Array.from({ length: 6 }, (_, index) => openPurchase(index % 2 === 0 ? doomed[0] : apis[1])))
    await Promise.all(purchases.map((purchase) => purchase.confirm()))
    const orders = await Promise.all(purchases.map((purchase) => settledOrder(apis[1], purchase.orderId)))
    expect(orders.map((order) => [order.status, order.failure])).toEqual(purchases.map(() => ['paid', null]))
    for (const purchase of purchases) expect(await balanceOf(purchase.buyer)).toBe(purchase.bought)
  })

  it(
    'a payout sent by an instance SIGKILLed before it recorded the result is found on chain by the survivor, not paid again',
    SLOW,
    async () => {
      const purchase = await killMidPayout(doomed[0])
      // The transaction lands after its sender died; then the claim runs out and the survivor takes the order over.
      await anvilCall('evm_mine')
      await anvilCall('evm_setAutomine', [true])
      await endClaim(purchase.orderId)
      const order = await settledOrder(apis[1], purchase.orderId)
      expect(order).toMatchObject({ status: 'paid', hash: purchase.sent })
      // Paid a second time, the buyer would hold twice what they bought.
      expect(await balanceOf(purchase.buyer)).toBe(purchase.bought)
    },
  )

  it(
    'a payout lost on its way to the node is sent again by the survivor, the very transaction its dead instance signed',
    SLOW,
    async () => {
      const purchase = await killMidPayout(doomed[1])
      // The node forgets it, as if it never left the dead machine.
      await anvilCall('anvil_dropAllTransactions')
      await anvilCall('evm_setAutomine', [true])
      await endClaim(purchase.orderId)
      const order = await settledOrder(apis[1], purchase.orderId)
      expect(order).toMatchObject({ status: 'paid', hash: purchase.sent })
      expect(await balanceOf(purchase.buyer)).toBe(purchase.bought)
    },
  )

  it('a lost payout whose nonce another transaction took meanwhile is signed anew by the survivor, and paid once', SLOW, async () => {
    const purchase = await killMidPayout(doomed[2])
    const nonce = Number(await anvilCall('eth_getTransactionCount', [ONRAMP_TREASURY.address, 'latest']))
    await anvilCall('anvil_dropAllTransactions')
    // The treasury's key sends something else at that nonce: the recorded payout can never be mined now.
    const treasury = createWalletClient({ account: privateKeyToAccount(ONRAMP_TREASURY.privateKey), transport: http(anvil.url) })
    await treasury.sendTransaction({ to: ONRAMP_TREASURY.address, value: 0n, nonce, chain: null })
    await anvilCall('evm_mine')
    await anvilCall('evm_setAutomine', [true])
    await endClaim(purchase.orderId)
    const order = await settledOrder(apis[1], purchase.orderId)
    expect(order.status).toBe('paid')
    expect(order.hash).not.toBe(purchase.sent)
    expect(await balanceOf(purchase.buyer)).toBe(purchase.bought)
  })
})
