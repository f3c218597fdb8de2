// `npm run loadtest`: the services' main routes under load, measured from outside. The services run as they run in
// production, each from its CLI in a process of its own, set by the documented variables only, with the request log
// on (written to a file) and their per-client budgets on; the load generator (scripts/loadgen.mjs) is a process of
// its own too, forked once per route. Each route runs on the embedded database (PGlite, one instance), then on a
// PostgreSQL server with one instance and with two, the generator spreading its requests over both as a load
// balancer without sticky sessions would. Each request comes from a new visitor behind the trusted proxy, so the
// budgets are counted (on PostgreSQL, in the database) but never run out.
//
// Prints one markdown table, with the machine's load average at the end of each run: on a busy machine the figures
// are floors. It also reads, from /proc, the CPU time each process spent over each measured run (the services, the
// PostgreSQL server with its backends, the generator) and prints it per flow: a figure that follows the code more than
// the machine's load, and that says what the cores could serve if nothing else ran on them. Not part of `npm test`.
//
//   LOADTEST_SECONDS      each route's measured run, default 5 (after a 1 s warm-up)
//   LOADTEST_CONNECTIONS  connections (or virtual users, for the flows) in all, default 16
//   LOADTEST_ROUTES       some of history,balance,nonce,signIn,login,approval (default all)
//   LOADTEST_SETUPS       some of pglite,postgres,postgres2 (default all)
//   LOADTEST_PROFILE      a directory: each service writes its CPU profile there when it stops (node --cpu-prof)
import { fork, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, open, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

import { ANVIL_ACCOUNTS, startDevChains } from '../services/dev/devchain/index.mjs'
import { startPostgres } from '../test/startPostgres.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SECONDS = Number(process.env['LOADTEST_SECONDS'] || 5)
const CONNECTIONS = Number(process.env['LOADTEST_CONNECTIONS'] || 16)
const WARM_UP_SECONDS = 1
/** The wallet's public origin behind the (imagined) TLS proxy: every wallet instance is told it. */
const WALLET_ORIGIN = 'https://wallet.test'
/** Anvil #0: the fixtures gave it ETH, tokens and a history. */
const ACCOUNT = /** @type {{ address: string }} */ (ANVIL_ACCOUNTS[0]).address

/** The routes, what each row counts, and the targets of this 2-core machine (issue #37). */
const ROUTES = /** @type {const} */ ([
  { route: 'history', label: 'api: `GET /v1/account/{a}/history` (the node’s `ots_` index)', unit: 'requests', target: 2000, p99: 50 },
  { route: 'balance', label: 'api: `GET /v1/account/{a}/balance` (Multicall3 on the node)', unit: 'requests', target: 2000, p99: 50 },
  // A write: the p99 target is the reads'.
  { route: 'nonce', label: 'api: `POST /v1/sessions/nonce`', unit: 'requests', target: undefined, p99: undefined },
  {
    route: 'signIn',
    label: 'api: sign-in (a nonce, the message signed by the generator, `POST /v1/sessions` verifies it)',
    unit: 'sign-ins',
  },
  {
    route: 'login',
    label: 'wallet: login with a mailed code (address, code over SMTP read back, code checked, the frame makes the keys)',
    unit: 'logins',
    target: 150,
  },
  {
    route: 'approval',
    label:
      'wallet: approval round trip (`personal_sign` asked, its preview where the answer has none, approved: job and auth share released, signed in the frame, result)',
    unit: 'round trips',
    target: 500,
  },
])
const SETUPS = /** @type {const} */ ([
  { setup: 'pglite', label: 'PGlite, 1 instance', instances: 1, postgres: false },
  { setup: 'postgres', label: 'PostgreSQL, 1 instance', instances: 1, postgres: true },
  { setup: 'postgres2', label: 'PostgreSQL, 2 instances', instances: 2, postgres: true },
])
const chosen = (/** @type {string | undefined} */ list, /** @type {string} */ name) => !list || list.split(',').includes(name)
const routes = ROUTES.filter(({ route }) => chosen(process.env['LOADTEST_ROUTES'], route))
const setups = SETUPS.filter(({ setup }) => chosen(process.env['LOADTEST_SETUPS'], setup))

const scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-loadtest-'))
/** @type {Array<() => Promise<unknown>>} */
const stops = []

/**
 * Starts a service's CLI as its own process, its output in a file (the request log), and resolves with what the
 * first line matching `pattern` captured once it printed it.
 *
 * @param {string} name
 * @param {string} cli relative to the repository
 * @param {Record<string, string>} env
 * @param {RegExp} pattern
 */
async function startService(name, cli, env, pattern) {
  const logFile = path.join(scratch, `${name}.log`)
  const log = await open(logFile, 'w')
  const profile = process.env['LOADTEST_PROFILE']
  const child = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []), path.join(ROOT, cli)],
    {
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', FOYER_TRUSTED_PROXIES: '127.0.0.1', ...env },
      stdio: ['ignore', log.fd, log.fd],
    },
  )
  await log.close()
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, 'SIGTERM')
      const force = setTimeout(() => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 15_000)
      await exited
      clearTimeout(force)
    }
  }
  stops.push(stop)
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
    const found = pattern.exec(await readFile(logFile, 'utf8'))
    if (found) return { match: found, stop, pid: /** @type {number} */ (child.pid) }
    if (child.exitCode !== null) break
  }
  throw new Error(`${name} did not start:\n${await readFile(logFile, 'utf8')}`)
}

/** Linux's clock tick, the unit of /proc's CPU times (USER_HZ: 100 on every Linux architecture in use). */
const TICK_MS = 10

/**
 * The CPU time (user and system) each named process and all its descendants spent so far, ms, from /proc: the
 * PostgreSQL server's backends are its children. Undefined where there is no /proc.
 *
 * @param {Record<string, number[]>} groups a name and its processes' pids
 * @returns {Record<string, number> | undefined}
 */
function cpuTimes(groups) {
  /** @type {Map<number, { parent: number, ms: number }>} */
  const processes = new Map()
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        // The fields after the command's closing parenthesis: state, ppid … utime (14th field), stime (15th).
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        processes.set(Number(entry), { parent: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS })
      } catch {
        // The process ended while the list was read.
      }
    }
  } catch {
    return undefined
  }
  /** @param {number} pid @param {Set<number>} roots */
  const under = (pid, roots) => {
    for (let current = pid, hops = 0; current > 1 && hops < 64; hops += 1) {
      if (roots.has(current)) return true
      current = processes.get(current)?.parent ?? 0
    }
    return false
  }
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => {
      const roots = new Set(pids)
      let ms = 0
      for (const [pid, { ms: spent }] of processes) if (under(pid, roots)) ms += spent
      return [name, ms]
    }),
  )
}

/**
 * One route's run in a fresh generator process: a warm-up, then the measured run. `groups` are read with cpuTimes
 * when the generator starts measuring and again when it answers: `cpuMs` is what each spent in between.
 *
 * @param {import('./loadgen.mjs').Job} job
 * @param {Record<string, number[]>} [groups]
 * @returns {Promise<import('./loadgen.mjs').Measured & { servicesCpuMs?: Record<string, number> }>}
 */
function generate(job, groups = {}) {
  return new Promise((resolve, reject) => {
    const generator = fork(path.join(ROOT, 'scripts/loadgen.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    /** @type {Record<string, number> | undefined} */
    let before
    generator.on('message', (/** @type {any} */ answer) => {
      if (answer.started) {
        before = cpuTimes(groups)
        return
      }
      if (answer.error) return reject(new Error(answer.error))
      const after = cpuTimes(groups)
      const servicesCpuMs =
        before && after
          ? Object.fromEntries(Object.keys(groups).map((name) => [name, (after[name] ?? 0) - (before?.[name] ?? 0)]))
          : undefined
      resolve({ ...answer.measured, servicesCpuMs })
    })
    generator.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without an answer`)))
    generator.send(job)
  })
}

/** @param {number[]} sorted @param {number} q */
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
const ms = (/** @type {number} */ value) => (Number.isNaN(value) ? '—' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`)
const count = (/** @type {number} */ value) => Math.round(value).toLocaleString('en-US')

/** @type {string[]} */
const lines = []
/** Where each flow's time went, step by step. */
/** @type {string[]} */
const details = []
/** The CPU time each process spent per flow or request. */
/** @type {string[]} */
const cpuDetails = []

/**
 * What each process spent per flow (ms of CPU), their sum, and the flows a second that sum allows on this machine's
 * cores if nothing else ran on them; then the same for the operator's share alone. The generator plays the visitors'
 * browsers and frames (whose signing and key splitting run on the visitors' devices) and the mail catcher the mail
 * provider: in production neither shares the services' cores.
 *
 * @param {import('./loadgen.mjs').Measured & { servicesCpuMs?: Record<string, number> }} measured
 */
function cpuPerFlow({ servicesCpuMs = {}, cpuMs, done }) {
  const spent = { ...servicesCpuMs, generator: cpuMs }
  const parts = Object.entries(spent).filter(([, ms]) => ms > 0)
  const perFlow = (/** @type {number} */ ms) => ms / done
  const capacity = (/** @type {[string, number][]} */ counted) => {
    const total = perFlow(counted.reduce((sum, [, ms]) => sum + ms, 0))
    return `${total.toFixed(2)} ms, so at most ${count((os.cpus().length * 1000) / total)}/s on ${os.cpus().length} idle cores`
  }
  const operators = parts.filter(([name]) => name !== 'generator' && name !== 'mail')
  return `${parts.map(([name, ms]) => `${name} ${perFlow(ms).toFixed(2)}`).join(', ')}; in all ${capacity(parts)}; the services and PostgreSQL alone ${capacity(operators)}`
}
const loadBefore = os.loadavg()
try {
  const [dev, postgres] = await Promise.all([
    startDevChains({ ports: [0], chainIds: [31337] }),
    setups.some((setup) => setup.postgres) ? startPostgres() : undefined,
  ])
  stops.push(
    () => dev.stop(),
    async () => postgres?.stop(),
  )
  const chain = /** @type {import('../services/dev/devchain/index.mjs').DevChainFixtures['chains'][string]} */ (
    dev.fixtures.chains['31337']
  )
  const [mail, directory] = await Promise.all([
    startService('mail', 'services/dev/mail/cli.mjs', { FOYER_SMTP_PORT: '0', FOYER_MAIL_PORT: '0' }, /SMTP (\S+), inbox (\S+)/),
    startService('directory', 'services/directory/cli.mjs', { FOYER_DIRECTORY_PORT: '0' }, / on (http:\/\/\S+)/),
  ])
  const [, smtpUrl = '', mailUrl = ''] = mail.match
  const directoryUrl = directory.match[1] ?? ''

  for (const setup of setups) {
    const databaseUrl = setup.postgres ? await postgres?.createDatabase() : undefined
    const masterKey = randomBytes(32).toString('hex')
    const database = (/** @type {string} */ name) =>
      databaseUrl ? { DATABASE_URL: databaseUrl } : { FOYER_DATA_DIR: path.join(scratch, `${setup.setup}-${name}`) }
    const instances = Array.from({ length: setup.instances }, (_, index) => index)
    const started = await Promise.all([
      ...instances.map((index) =>
        startService(
          `${setup.setup}-api-${index}`,
          'services/api/cli.mjs',
          {
            ...database('api'),
            FOYER_API_PORT: '0',
            FOYER_API_CHAINS: `31337=${chain.rpcUrl}`,
            FOYER_API_POOLS: `31337=${chain.amm.router}:${chain.usdc}`,
            FOYER_API_DEV_PRICES: 'on',
          },
          / on (http:\/\/127\.0\.0\.1:\d+)/,
        ),
      ),
      ...instances.map((index) =>
        startService(
          `${setup.setup}-wallet-${index}`,
          'services/wallet/cli.mjs',
          {
            ...database('wallet'),
            FOYER_WALLET_PORT: '0',
            FOYER_WALLET_PUBLIC_ORIGIN: WALLET_ORIGIN,
            FOYER_WALLET_MASTER_KEY: masterKey,
            FOYER_SMTP_URL: smtpUrl,
            FOYER_DIRECTORY_URL: directoryUrl,
            FOYER_WALLET_NETWORKS: `31337=${chain.rpcUrl}`,
          },
          / on (http:\/\/127\.0\.0\.1:\d+)/,
        ),
      ),
    ])
    const urls = started.map((service) => service.match[1] ?? '')
    /** The processes whose CPU time each run reads (anvil's is not counted: the wallet's flows do not reach it). */
    const groups = {
      api: started.slice(0, setup.instances).map((service) => service.pid),
      wallet: started.slice(setup.instances).map((service) => service.pid),
      ...(setup.postgres && postgres && { PostgreSQL: [postgres.pid] }),
      mail: [mail.pid],
      directory: [directory.pid],
    }
    for (const { route, label, unit, target, p99 } of routes) {
      /** @type {import('./loadgen.mjs').Job} */
      const job = {
        route,
        seconds: WARM_UP_SECONDS,
        connections: CONNECTIONS,
        api: urls.slice(0, setup.instances),
        wallet: urls.slice(setup.instances),
        walletOrigin: WALLET_ORIGIN,
        mail: mailUrl,
        account: ACCOUNT,
      }
      let row
      /** @type {Record<string, number>} */
      let steps = {}
      try {
        await generate(job)
        const measured = await generate({ ...job, seconds: SECONDS }, groups)
        steps = measured.steps
        if (measured.servicesCpuMs && measured.done > 0) cpuDetails.push(`- ${label}, ${setup.label}: ${cpuPerFlow(measured)}`)
        const sorted = measured.latencies.sort((a, b) => a - b)
        const rate = measured.done / (measured.elapsedMs / 1000)
        const [p50, p99th] = [percentile(sorted, 0.5), percentile(sorted, 0.99)]
        const total = measured.done + measured.failed
        const misses = [
          target !== undefined && rate < target && `under ${count(target)}/s`,
          p99 !== undefined && p99th > p99 && `p99 over ${p99} ms`,
        ].filter(Boolean)
        const why = Object.entries(measured.failures)
          .map(([reason, times]) => `${times}× ${reason}`)
          .join('; ')
        row = [
          label,
          setup.label,
          `${count(rate)} ${unit}/s`,
          ms(p50),
          ms(p99th),
          `${total === 0 ? '—' : ((100 * measured.failed) / total).toFixed(2)} %${why ? ` (${why.slice(0, 200)})` : ''}`,
          os.loadavg()[0]?.toFixed(1),
          misses.length > 0 ? misses.join(', ') : target !== undefined || p99 !== undefined ? 'met' : '',
        ]
      } catch (error) {
        row = [
          label,
          setup.label,
          'failed',
          '—',
          '—',
          String(error instanceof Error ? error.message : error).slice(0, 200),
          os.loadavg()[0]?.toFixed(1),
          '',
        ]
      }
      if (Object.keys(steps).length > 0)
        details.push(
          `- ${label}, ${setup.label}: ${Object.entries(steps)
            .map(([name, mean]) => `${name} ${mean} ms`)
            .join(', ')}`,
        )
      const line = `| ${row.join(' | ')} |`
      lines.push(line)
      console.error(line)
    }
    for (const service of started) await service.stop()
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {})
  await rm(scratch, { recursive: true, force: true })
}

const cpu = os.cpus()
console.log(
  `\nFoyer services on loopback, each its own process; the generator its own; ${CONNECTIONS} connections (virtual users for the flows), ${SECONDS} s a route after ${WARM_UP_SECONDS} s of warm-up; ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), Node ${process.version}; load average ${loadBefore[0]?.toFixed(1)} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end\n`,
)
console.log('| route | database, instances | per second | p50 | p99 | failed | load (1 min) | target |')
console.log('|---|---|---:|---:|---:|---:|---:|---|')
for (const line of lines) console.log(line)
console.log('\nThe flows step by step (mean duration of each step, in the generator’s clock):\n')
for (const line of details) console.log(line)
console.log('\nCPU time per flow or request, ms, each process over the measured run (from /proc; anvil not counted):\n')
for (const line of cpuDetails) console.log(line)
process.exit(0)
