// `npm run loadtest`: each service's main routes under load on loopback (autocannon), a 60 s soak with the memory
// before and after, the relay with a few hundred WalletConnect-style pairings at once, and the wallet service's login
// and signing routes (a user logged in by a mailed code, then personal_sign and eth_signTypedData_v4 asked and approved
// as the frame does). Prints one table; the README keeps the figures. Not part of `npm test`: it takes about three minutes and
// its figures depend on the machine. The services run in this process, started as the local stack starts them, on
// free loopback ports; autocannon runs here too, so the figures are a floor, not a ceiling.
//
// LOADTEST_SECONDS (default 10) sets each route's run; LOADTEST_SOAK_SECONDS (default 60) the soak;
// LOADTEST_PAIRINGS (default 300) the relay's pairings.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import { WebSocket } from 'ws'

import { startApi } from '../services/api/index.mjs'
import { startAnvil } from '../services/dev/devchain/index.mjs'
import { startDirectory } from '../services/directory/index.mjs'
import { startMailCatcher } from '../services/dev/mail/index.mjs'
import { startRelay } from '../services/dev/relay/index.mjs'
import { openDatabase } from '../services/storage/index.mjs'
import { startWallet } from '../services/wallet/index.mjs'
import { createKeyring } from '../services/wallet/frame/keyring.js'

const SECONDS = Number(process.env['LOADTEST_SECONDS'] ?? 10)
const SOAK_SECONDS = Number(process.env['LOADTEST_SOAK_SECONDS'] ?? 60)
const PAIRINGS = Number(process.env['LOADTEST_PAIRINGS'] ?? 300)
const CONNECTIONS = 10
const CLIENT = 'projectId=demo&st=foyer&sv=0.1.0'
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HOST_ORIGIN = 'http://127.0.0.1:5173'
const quiet = () => {}
/** A permit-like EIP-712 message, as dapps ask the embedded wallet to sign. */
const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Order: [
      { name: 'maker', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  domain: { name: 'Load test', version: '1', chainId: 31337 },
  message: { maker: ACCOUNT, amount: '1000000', nonce: '1' },
}

/**
 * Logs a new user in as the frame does: the address, the code from the mail catcher, then the session cookie.
 *
 * @param {string} walletUrl
 * @param {string} mailUrl
 * @returns {Promise<{ cookie: string, address: string }>}
 */
async function logIn(walletUrl, mailUrl) {
  const jar = new Map()
  const send = async (type, payload) => {
    const response = await fetch(`${walletUrl}/v1/frame/request`, {
      method: 'POST',
      headers: {
        origin: walletUrl,
        'content-type': 'application/json',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify({ projectId: 'demo', origin: HOST_ORIGIN, type, payload }),
    })
    for (const header of response.headers.getSetCookie()) {
      const [name, value] = header.split(';')[0].split('=')
      jar.set(name, value)
    }
    const body = await response.json()
    if (!response.ok) throw new Error(`${type}: ${JSON.stringify(body)}`)
    return body
  }
  const email = `signer-${randomBytes(4).toString('hex')}@example.com`
  await send('APP_CONNECT_EMAIL', { email })
  const [message] = await (await fetch(`${mailUrl}/messages?to=${encodeURIComponent(email)}`)).json()
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1]
  if (!code) throw new Error(`No code mailed to ${email}`)
  await send('APP_CONNECT_OTP', { otp: code })
  // As the frame does after a login: the user's keys are made and split here (services/wallet/KEYS.md).
  const shares = new Map()
  const post = async (path, body) => {
    const response = await fetch(`${walletUrl}${path}`, {
      method: 'POST',
      headers: {
        origin: walletUrl,
        'content-type': 'application/json',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify({ projectId: 'demo', origin: HOST_ORIGIN, ...body }),
    })
    if (!response.ok) throw new Error(`${path}: ${await response.text()}`)
    return response.json()
  }
  await createKeyring({
    backend: post,
    store: { keepDeviceShare: async (userId, share) => void shares.set(userId, share), deviceShare: async (userId) => shares.get(userId) },
  }).afterLogin()
  const user = await send('APP_GET_USER', { chainId: 31337 })
  return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), address: user.address }
}

/** @type {{ route: string, rps: string, p50: string, p99: string, errors: string, note?: string }[]} */
const rows = []

/**
 * One autocannon run; errors are connection errors, timeouts and any answer that is not 2xx.
 *
 * @param {string} route the table's label
 * @param {import('autocannon').Options} options
 * @param {string} [note]
 */
async function measure(route, options, note) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options })
  const total = result.requests.total + result.errors + result.timeouts
  const failed = result.errors + result.timeouts + result.non2xx
  rows.push({
    route,
    rps: result.requests.average.toFixed(0),
    p50: `${result.latency.p50} ms`,
    p99: `${result.latency.p99} ms`,
    errors: `${total === 0 ? '—' : ((100 * failed) / total).toFixed(2)} %`,
    // Which statuses failed, so a broken run says why.
    note: [
      note,
      failed > 0 ? `answers: ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  })
  return result
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
function memory() {
  globalThis.gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

/**
 * `count` pairings through the relay at once, as sign-client makes them: a dapp socket and a wallet socket per
 * pairing, the wallet subscribed to the pairing topic, the dapp publishing the proposal, the wallet acknowledging it.
 * Resolves with the latencies from publish to delivery.
 *
 * @param {string} relayUrl
 * @param {number} count
 */
async function pairings(relayUrl, count) {
  const open = (name) =>
    new Promise((resolve, reject) => {
      const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
      const payload = Buffer.from(JSON.stringify({ iss: name, sub: 'load', aud: relayUrl })).toString('base64url')
      const socket = new WebSocket(`${relayUrl}/?auth=${header}.${payload}.sig&projectId=demo&ua=loadtest`)
      socket.once('open', () => resolve(socket))
      socket.once('error', reject)
    })
  const call = (socket, id, method, params) =>
    new Promise((resolve, reject) => {
      const onMessage = (data) => {
        const frame = JSON.parse(String(data))
        if (frame.id !== id || frame.method) return
        socket.off('message', onMessage)
        if (frame.error) reject(new Error(frame.error.message))
        else resolve(frame.result)
      }
      socket.on('message', onMessage)
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    })
  const sockets = []
  const started = performance.now()
  const one = async (index) => {
    const [dapp, wallet] = await Promise.all([open(`did:key:dapp${index}`), open(`did:key:wallet${index}`)])
    sockets.push(dapp, wallet)
    const topic = randomBytes(32).toString('hex')
    await call(wallet, `s${index}`, 'irn_subscribe', { topic })
    const delivered = new Promise((resolve) => {
      wallet.on('message', (data) => {
        const frame = JSON.parse(String(data))
        if (frame.method !== 'irn_subscription') return
        wallet.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
        resolve(performance.now())
      })
    })
    const sent = performance.now()
    await call(dapp, `p${index}`, 'irn_publish', { topic, message: randomBytes(256).toString('base64'), ttl: 300, tag: 1100 })
    return (await delivered) - sent
  }
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, index) => one(index)))
  const elapsed = performance.now() - started
  for (const socket of sockets) socket.terminate()
  const latencies = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])).sort((a, b) => a - b)
  const at = (q) => `${(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN).toFixed(0)} ms`
  rows.push({
    route: `relay: ${count} pairings at once (2 sockets, subscribe, publish, deliver, ack)`,
    rps: (count / (elapsed / 1000)).toFixed(0),
    p50: at(0.5),
    p99: at(0.99),
    errors: `${((100 * (count - latencies.length)) / count).toFixed(2)} %`,
    note: `all done in ${(elapsed / 1000).toFixed(1)} s`,
  })
}

const scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-loadtest-'))
const stops = []
try {
  const [anvil, database, mail, directory, relay] = await Promise.all([
    startAnvil({ port: 0, chainId: 31337 }),
    openDatabase({ dataDir: path.join(scratch, 'data') }),
    startMailCatcher({ httpPort: 0, smtpPort: 0, log: quiet }),
    startDirectory({ port: 0, allowedOrigins: ['http://127.0.0.1:*'] }),
    startRelay({ port: 0, log: quiet }),
  ])
  stops.push(
    () => anvil.stop(),
    () => mail.stop(),
    () => directory.stop(),
    () => relay.stop(),
  )
  // Rate limits off: this measures what the routes can do, not the budget (which answers 429 past 60 a minute).
  const api = await startApi({ chains: [{ chainId: 31337, rpcUrl: anvil.url }], database, rateLimit: false, log: quiet })
  stops.push(() => api.stop())
  await api.indexer.sync()
  const wallet = await startWallet({
    smtpUrl: mail.smtpUrl,
    dataDir: scratch,
    database,
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: anvil.url }],
    rateLimit: false,
    log: quiet,
  })
  stops.push(() => wallet.stop())
  stops.push(() => database.close())

  await measure('directory: GET /getWallets (page of 40)', { url: `${directory.url}/getWallets?page=1&entries=40&${CLIENT}` })
  await measure('directory: GET /getWallets?search=wallet', {
    url: `${directory.url}/getWallets?page=1&entries=100&search=wallet&${CLIENT}`,
  })
  await measure('api: GET /v1/supported-chains', { url: `${api.url}/v1/supported-chains?${CLIENT}` })
  await measure('api: GET /v1/account/{a}/balance (reads anvil)', {
    url: `${api.url}/v1/account/${ACCOUNT}/balance?chainId=eip155:31337&currency=usd&${CLIENT}`,
  })
  await measure('api: GET /v1/account/{a}/history', { url: `${api.url}/v1/account/${ACCOUNT}/history?chainId=eip155:31337&${CLIENT}` })
  await measure('api: POST /v1/sessions/nonce (sign-in)', {
    url: `${api.url}/v1/sessions/nonce?${CLIENT}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'demo' }),
  })
  const frameRequest = (type, payload) => ({
    method: 'POST',
    headers: { origin: wallet.url, 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'demo', origin: HOST_ORIGIN, type, payload }),
  })
  await measure('wallet: GET /frame (the secure frame page)', {
    url: `${wallet.url}/frame?projectId=demo&chainId=31337&version=4&enableLogger=false`,
  })
  await measure('wallet: APP_IS_CONNECTED', { url: `${wallet.url}/v1/frame/request`, ...frameRequest('APP_IS_CONNECTED', {}) })
  await measure(
    'wallet: APP_CONNECT_EMAIL (login: a code by mail)',
    {
      url: `${wallet.url}/v1/frame/request`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            ...frameRequest('APP_CONNECT_EMAIL', { email: `load-${randomBytes(6).toString('hex')}@example.com` }),
          }),
        },
      ],
    },
    'each a new address: a code is sealed, stored and mailed over SMTP',
  )

  // Signing: one user logged in as the frame logs in (a code by mail, then the session cookie), then each
  // connection asks for a signature and approves it with the secret the answer carried, in a loop.
  const session = await logIn(wallet.url, mail.url)
  const sessionHeaders = { origin: wallet.url, 'content-type': 'application/json', cookie: session.cookie }
  let notSigned = 0
  const signed = (method, params) => ({
    url: `${wallet.url}/v1/frame/request`,
    requests: [
      {
        ...frameRequest('APP_RPC_REQUEST', { method, params, chainId: 31337 }),
        headers: sessionHeaders,
        onResponse: (status, body, context) => {
          context.approval = status === 200 ? JSON.parse(body).approval : undefined
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context) =>
          context.approval && {
            ...request,
            path: `/v1/frame/approvals/${context.approval.requestId}`,
            headers: sessionHeaders,
            body: JSON.stringify({ secret: context.approval.secret, approved: true }),
          },
        onResponse: (status, body) => {
          // The approval releases the signing job and the auth share to the frame, which signs (KEYS.md); a 200
          // without them would be a broken route that looks fast.
          if (status === 200 && !JSON.parse(body).sign?.keys?.authShare) notSigned += 1
        },
      },
    ],
  })
  const signing = [
    ['personal_sign', ['0x48656c6c6f2066726f6d20746865206c6f61642074657374', session.address]],
    ['eth_signTypedData_v4', [session.address, JSON.stringify(TYPED_DATA)]],
  ]
  for (const [method, params] of signing) {
    const result = await measure(
      `wallet: ${method}, asked then approved`,
      signed(method, params),
      'two requests per signature: the request (stored for approval) and the approval (the signing job and the auth share released to the frame, which signs)',
    )
    rows.at(-1).note +=
      `; ${(result.requests.average / 2).toFixed(0)} auth-share releases/s${notSigned > 0 ? `; ${notSigned} answers released no share` : ''}`
    notSigned = 0
  }

  await pairings(relay.url, PAIRINGS)

  const before = memory()
  const soak = await autocannon({
    connections: CONNECTIONS,
    duration: SOAK_SECONDS,
    url: `${api.url}/v1/account/${ACCOUNT}/balance?chainId=eip155:31337&currency=usd&${CLIENT}`,
  })
  const after = memory()
  rows.push({
    route: `soak: api balance, ${SOAK_SECONDS} s`,
    rps: soak.requests.average.toFixed(0),
    p50: `${soak.latency.p50} ms`,
    p99: `${soak.latency.p99} ms`,
    errors: `${((100 * (soak.errors + soak.timeouts + soak.non2xx)) / Math.max(1, soak.requests.total)).toFixed(2)} %`,
    note: `heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)}, rss ${mib(before.rss)} → ${mib(after.rss)}${globalThis.gc ? ' (after gc)' : ''}`,
  })
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {})
  await rm(scratch, { recursive: true, force: true })
}

console.log(
  `\nFoyer services on loopback, ${CONNECTIONS} connections, ${SECONDS} s per route, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}\n`,
)
console.log('| route | req/s | p50 | p99 | errors | note |')
console.log('|---|---:|---:|---:|---:|---|')
for (const row of rows) console.log(`| ${row.route} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.note ?? ''} |`)
process.exit(0)
