// The load generator of `npm run loadtest`, in a process of its own so that it never shares an event loop with the
// services it measures (scripts/loadtest.mjs forks it once per route). It is told the route, the instances' URLs and
// how long to run over IPC, spreads its requests over every instance it is given, as a load balancer without sticky
// sessions would, and answers with what it measured: the rate, the latencies, the failures.
//
// The single-request routes (history, balance, nonce) run through autocannon, one runner per instance sharing the
// connections; the flows (a sign-in, a login with a mailed code, an approval) run as closed loops of virtual users,
// each a browser of its own (its cookie jar and key shares), and count whole flows, not requests.
import { randomBytes } from 'node:crypto'

import autocannon from 'autocannon'
import { stringToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

import { createKeyring } from '../services/wallet/frame/keyring.js'
import { runJob } from '../services/wallet/frame/signing.js'

const PROJECT = 'demo'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
/** The page embedding the modal: an allowed origin of every service (any port of 127.0.0.1). */
const HOST = 'http://127.0.0.1:5173'
const CHAIN_ID = 31337

/**
 * @typedef {object} Job
 * @property {'history' | 'balance' | 'nonce' | 'signIn' | 'login' | 'approval'} route
 * @property {number} seconds
 * @property {number} connections
 * @property {string[]} api the API instances' URLs
 * @property {string[]} wallet the wallet instances' URLs
 * @property {string} walletOrigin the wallet's public origin, which every instance is told
 * @property {string} mail the mail catcher's inbox
 * @property {string} account the address whose history and balance are read
 */

/**
 * What a run measured.
 *
 * @typedef {object} Measured
 * @property {number} done flows or requests that succeeded
 * @property {number} failed
 * @property {number} elapsedMs
 * @property {number[]} latencies ms, of those that succeeded
 * @property {Record<string, number>} failures why, counted
 * @property {Record<string, number>} steps the flows' steps: their mean duration, ms
 * @property {number} cpuMs the generator's own CPU time (user and system) over the measured run
 */

/** The flows' steps, timed: where a flow's time goes. */
const stepTimes = new Map()
/**
 * @template T
 * @param {string} name
 * @param {Promise<T>} work
 * @returns {Promise<T>}
 */
async function step(name, work) {
  const began = performance.now()
  try {
    return await work
  } finally {
    const [total = 0, times = 0] = stepTimes.get(name) ?? []
    stepTimes.set(name, [total + performance.now() - began, times + 1])
  }
}
const meanSteps = () => Object.fromEntries([...stepTimes].map(([name, [total, times]]) => [name, Math.round(total / times)]))

/**
 * Marks the start of the measured run: tells scripts/loadtest.mjs, which reads the services' CPU time now and again
 * at the answer, and returns the reading of the generator's own CPU time since.
 */
function measuring() {
  process.send?.({ started: true })
  const before = process.cpuUsage()
  return () => {
    const { user, system } = process.cpuUsage(before)
    return (user + system) / 1000
  }
}

/** Each request a new visitor behind the trusted proxy: the services' per-client budgets are kept, never spent. */
let visitors = 0
const nextVisitor = () => {
  visitors += 1
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`
}

/** @param {string[]} urls */
const roundRobin = (urls) => {
  let index = 0
  return () => {
    index = (index + 1) % urls.length
    return /** @type {string} */ (urls[index])
  }
}

/**
 * The routes with one request each, through autocannon: `connections` shared by one runner per instance, every
 * response's latency kept (the runners' own percentiles cannot be merged).
 *
 * @param {Job} job
 * @param {string[]} urls the instances
 * @param {(base: string) => import('autocannon').Options} optionsFor
 * @returns {Promise<Measured>}
 */
async function cannon(job, urls, optionsFor) {
  /** @type {number[]} */
  const latencies = []
  /** @type {Record<string, number>} */
  const failures = {}
  let failed = 0
  const cpu = measuring()
  const started = performance.now()
  const runs = urls.map(
    (base) =>
      new Promise((resolve, reject) => {
        const instance = autocannon(
          { connections: Math.max(1, Math.round(job.connections / urls.length)), duration: job.seconds, ...optionsFor(base) },
          (error, result) => (error ? reject(error) : resolve(result)),
        )
        instance.on('response', (_client, status, _bytes, ms) => {
          if (status >= 200 && status < 300) latencies.push(ms)
          else {
            failed += 1
            failures[`HTTP ${status}`] = (failures[`HTTP ${status}`] ?? 0) + 1
          }
        })
        instance.on('reqError', (error) => {
          failed += 1
          failures[error.message] = (failures[error.message] ?? 0) + 1
        })
      }),
  )
  await Promise.all(runs)
  const elapsedMs = performance.now() - started
  return { done: latencies.length, failed, elapsedMs, latencies, failures, steps: meanSteps(), cpuMs: cpu() }
}

/**
 * Virtual users in a closed loop for `seconds`: each runs `flow` again and again; its duration is the latency.
 *
 * @param {Job} job
 * @param {(user: number) => Promise<void>} flow
 * @returns {Promise<Measured>}
 */
async function closedLoop(job, flow) {
  /** @type {number[]} */
  const latencies = []
  /** @type {Record<string, number>} */
  const failures = {}
  let failed = 0
  const cpu = measuring()
  const started = performance.now()
  const end = started + job.seconds * 1000
  const user = async (/** @type {number} */ index) => {
    while (performance.now() < end) {
      const began = performance.now()
      try {
        await flow(index)
        latencies.push(performance.now() - began)
      } catch (error) {
        failed += 1
        const reason = error instanceof Error ? error.message.slice(0, 120) : String(error)
        failures[reason] = (failures[reason] ?? 0) + 1
      }
    }
  }
  await Promise.all(Array.from({ length: job.connections }, (_, index) => user(index)))
  const elapsedMs = performance.now() - started
  return { done: latencies.length, failed, elapsedMs, latencies, failures, steps: meanSteps(), cpuMs: cpu() }
}

/**
 * One visitor's browser on the wallet's frame page: its cookie jar, the frame's request envelope, and its key shares
 * made by the frame's own code (services/wallet/frame). Each call goes to whichever instance `next()` names, as
 * behind a load balancer; the Origin is the wallet's public one, which every instance is told.
 *
 * @param {() => string} next
 * @param {string} walletOrigin
 */
function frameBrowser(next, walletOrigin) {
  /** @type {Map<string, string>} */
  const jar = new Map()
  /** @type {Map<string, Uint8Array>} */
  const shares = new Map()
  const visitor = nextVisitor()
  /**
   * @param {string} path
   * @param {object} body
   * @returns {Promise<any>}
   */
  async function call(path, body) {
    const response = await fetch(`${next()}${path}`, {
      method: 'POST',
      headers: {
        origin: walletOrigin,
        'content-type': 'application/json',
        'x-forwarded-for': visitor,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify(body),
    })
    for (const header of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (header.split(';')[0] ?? '').split('=')
      jar.set(name, value)
    }
    const answer = await response.json()
    if (!response.ok) throw new Error(`${path} ${response.status}: ${answer.error ?? JSON.stringify(answer)}`)
    return answer
  }
  const send = (/** @type {string} */ type, /** @type {unknown} */ payload) =>
    call('/v1/frame/request', { projectId: PROJECT, origin: HOST, type, payload })
  const keyring = createKeyring({
    backend: (path, body) => call(path, { projectId: PROJECT, origin: HOST, ...body }),
    store: {
      keepDeviceShare: async (userId, share) => void shares.set(userId, share.slice()),
      deviceShare: async (userId) => shares.get(userId)?.slice(),
    },
  })
  return { call, send, keyring }
}

/**
 * A login with a mailed code, as the frame makes it for a new visitor: the address, the code read from the mail
 * catcher, the code checked, then the user's keys made and split by the frame (KEYS.md).
 *
 * @param {Job} job
 * @param {ReturnType<typeof frameBrowser>} browser
 */
async function logIn(job, browser) {
  const email = `load-${randomBytes(6).toString('hex')}@example.com`
  await step('address (code mailed)', browser.send('APP_CONNECT_EMAIL', { email }))
  const code = await step('code read from the inbox', readCode(job.mail, email))
  await step('code checked', browser.send('APP_CONNECT_OTP', { otp: code }))
  await step('keys made and registered', browser.keyring.afterLogin())
}

/**
 * The code mailed to `email`, from the mail catcher's inbox (the mail may land a moment after the answer).
 *
 * @param {string} mail
 * @param {string} email
 */
async function readCode(mail, email) {
  for (let tries = 0; tries < 50; tries += 1) {
    const messages = await (await fetch(`${mail}/messages?to=${encodeURIComponent(email)}`)).json()
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('no code mailed')
}

/** @type {Record<Job['route'], (job: Job) => Promise<Measured>>} */
const ROUTES = {
  history: (job) =>
    cannon(job, job.api, (base) => ({ url: `${base}/v1/account/${job.account}/history?chainId=eip155:${CHAIN_ID}&${CLIENT}` })),

  balance: (job) =>
    cannon(job, job.api, (base) => ({
      url: `${base}/v1/account/${job.account}/balance?chainId=eip155:${CHAIN_ID}&currency=usd&${CLIENT}`,
    })),

  nonce: (job) =>
    cannon(job, job.api, (base) => ({
      url: `${base}/v1/sessions/nonce?${CLIENT}`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextVisitor() },
            body: JSON.stringify({ projectId: PROJECT }),
          }),
        },
      ],
    })),

  // A sign-in with an account: a nonce from one instance, the message signed here, verified by the next instance.
  signIn: async (job) => {
    const next = roundRobin(job.api)
    const accounts = Array.from({ length: job.connections }, () => privateKeyToAccount(generatePrivateKey()))
    const post = async (/** @type {string} */ path, /** @type {object} */ body) => {
      const response = await fetch(`${next()}${path}?${CLIENT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextVisitor() },
        body: JSON.stringify({ projectId: PROJECT, ...body }),
      })
      const answer = await response.json()
      if (!response.ok) throw new Error(`${path} ${response.status}: ${answer.error ?? JSON.stringify(answer)}`)
      return answer
    }
    return closedLoop(job, async (user) => {
      const account = /** @type {import('viem').PrivateKeyAccount} */ (accounts[user])
      const { nonce } = await step('nonce', post('/v1/sessions/nonce', {}))
      const message = createSiweMessage({
        address: account.address,
        chainId: CHAIN_ID,
        domain: '127.0.0.1:5173',
        uri: `${HOST}/`,
        version: '1',
        nonce,
        issuedAt: new Date(),
      })
      const signature = await step('signed by the generator', account.signMessage({ message }))
      await step('verified', post('/v1/sessions', { message, signature }))
    })
  },

  login: (job) => closedLoop(job, () => logIn(job, frameBrowser(roundRobin(job.wallet), job.walletOrigin))),

  // The approval round trip as the frame makes it: a signature asked, its preview when the answer has none, approved
  // with the secret the frame received (which releases the signing job and the auth share), signed here from the
  // shares, handed back, and its result answered.
  approval: async (job) => {
    const users = await Promise.all(
      Array.from({ length: job.connections }, async () => {
        const browser = frameBrowser(roundRobin(job.wallet), job.walletOrigin)
        await logIn(job, browser)
        const { address } = await browser.send('APP_GET_USER', { chainId: CHAIN_ID })
        return { browser, address }
      }),
    )
    stepTimes.clear()
    return closedLoop(job, async (index) => {
      const { browser, address } = /** @type {(typeof users)[number]} */ (users[index])
      const asked = await step(
        'asked',
        browser.send('APP_RPC_REQUEST', {
          method: 'personal_sign',
          params: [stringToHex(`Load test ${index}`), address],
          chainId: CHAIN_ID,
        }),
      )
      const { requestId, secret } = asked.approval
      // The frame asks for the panel's preview unless the answer carried it (frame/approvals.js fetchPreview).
      if (!('preview' in asked.approval)) await step('preview asked', browser.call(`/v1/frame/approvals/${requestId}/preview`, { secret }))
      let answer = await step('approved (share released)', browser.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true }))
      while (answer.sign) {
        const { job: signing, keys } = answer.sign
        if (!keys?.authShare) throw new Error('the approval released no auth share')
        const signed = await step(
          'signed in the frame',
          browser.keyring.withSecret(keys, undefined, (key) => runJob(key, signing)),
        )
        answer = await step('signature handed back', browser.call(`/v1/frame/approvals/${requestId}/signed`, { secret, signed }))
      }
      if (!/^0x[0-9a-f]{130}$/i.test(answer.result ?? '')) throw new Error(`no signature: ${JSON.stringify(answer).slice(0, 80)}`)
    })
  },
}

process.once('message', async (/** @type {Job} */ job) => {
  try {
    const measured = await ROUTES[job.route](job)
    process.send?.({ measured })
  } catch (error) {
    process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  }
  process.disconnect?.()
})
