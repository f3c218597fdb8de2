// `npm start`: the local stack on 127.0.0.1, offline: two anvil chains (31337, 31338) with the fixture
// contracts deployed, an ERC-4337 bundler per chain, the local Solana node (litesvm), the services, the embedded
// wallet with its mail catcher, then the demo site (Vite dev server). Ctrl-C stops every process it started.
//
// Ports: FOYER_ANVIL_PORT (8545), FOYER_ANVIL_PORT_B (8546), FOYER_SOLANA_PORT (8899), FOYER_RELAY_PORT (8787),
// FOYER_API_PORT (8789), FOYER_DIRECTORY_PORT (8788), FOYER_RPC_PORT (8793), FOYER_WALLET_PORT (8790), FOYER_SMTP_PORT (8025), FOYER_MAIL_PORT (8791),
// FOYER_BUNDLER_PORT (8794), FOYER_BUNDLER_PORT_B (8795),
// FOYER_IDENTITY_PORT (8792),
// FOYER_DEMO_PORT or PORT (5173).
// The demo reads the fixture addresses from services/dev/devchain/.generated/fixtures.json.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { DEV_PAYMASTER, FIXTURES_PATH, PortInUseError, assertPortFree } from '../services/dev/devchain/index.mjs'
import { SolanaPortInUseError } from '../services/dev/solana/index.mjs'
import { startLocalStack } from '../services/localStack.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const demoDir = path.join(root, 'demo')
const demoConfig = path.join(demoDir, 'vite.config.ts')

/**
 * @param {string} name
 * @param {number} fallback
 */
function readPort(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name}=${raw} is not a port number (0-65535)`)
    process.exit(1)
  }
  return port
}

const ports = {
  chainA: readPort('FOYER_ANVIL_PORT', 8545),
  chainB: readPort('FOYER_ANVIL_PORT_B', 8546),
  solana: readPort('FOYER_SOLANA_PORT', 8899),
  relay: readPort('FOYER_RELAY_PORT', 8787),
  api: readPort('FOYER_API_PORT', 8789),
  directory: readPort('FOYER_DIRECTORY_PORT', 8788),
  rpc: readPort('FOYER_RPC_PORT', 8793),
  wallet: readPort('FOYER_WALLET_PORT', 8790),
  smtp: readPort('FOYER_SMTP_PORT', 8025),
  mail: readPort('FOYER_MAIL_PORT', 8791),
  bundlerA: readPort('FOYER_BUNDLER_PORT', 8794),
  bundlerB: readPort('FOYER_BUNDLER_PORT_B', 8795),
  identity: readPort('FOYER_IDENTITY_PORT', 8792),
  // PORT is the usual name; FOYER_DEMO_PORT wins when both are set.
  demo: readPort('FOYER_DEMO_PORT', readPort('PORT', 5173)),
}

/** What is running, for shutdown. */
const stack = {
  /** @type {import('../services/localStack.mjs').LocalStack | undefined} */
  local: undefined,
  /** @type {import('vite').ViteDevServer | undefined} */
  demo: undefined,
}
/** Anvil pids not yet seen to exit; killed synchronously if this process exits any other way. */
const livePids = new Set()
const aborter = new AbortController()
let stopping = false

async function start() {
  if (!existsSync(demoConfig)) throw new Error(`${path.relative(root, demoConfig)} not found: the demo app is missing`)
  // Every port is checked before anything starts, so a taken port leaves nothing behind.
  await assertPortFree(ports.chainA, 'FOYER_ANVIL_PORT')
  await assertPortFree(ports.chainB, 'FOYER_ANVIL_PORT_B')
  await assertPortFree(ports.solana, 'FOYER_SOLANA_PORT')
  await assertPortFree(ports.relay, 'FOYER_RELAY_PORT')
  await assertPortFree(ports.api, 'FOYER_API_PORT')
  await assertPortFree(ports.directory, 'FOYER_DIRECTORY_PORT')
  await assertPortFree(ports.rpc, 'FOYER_RPC_PORT')
  await assertPortFree(ports.wallet, 'FOYER_WALLET_PORT')
  await assertPortFree(ports.smtp, 'FOYER_SMTP_PORT')
  await assertPortFree(ports.mail, 'FOYER_MAIL_PORT')
  await assertPortFree(ports.bundlerA, 'FOYER_BUNDLER_PORT')
  await assertPortFree(ports.bundlerB, 'FOYER_BUNDLER_PORT_B')
  await assertPortFree(ports.identity, 'FOYER_IDENTITY_PORT')
  if (ports.demo !== 0) await assertPortFree(ports.demo, 'FOYER_DEMO_PORT')

  console.log('Starting anvil (chains 31337 and 31338), deploying the fixture contracts, starting the Solana node…')
  const local = await startLocalStack({
    anvilPorts: [ports.chainA, ports.chainB],
    solanaPort: ports.solana,
    relayPort: ports.relay,
    apiPort: ports.api,
    directoryPort: ports.directory,
    rpcPort: ports.rpc,
    wallet: { port: ports.wallet, smtpPort: ports.smtp, mailPort: ports.mail, identityPort: ports.identity },
    names: true,
    onramp: true,
    analytics: true,
    bundler: true,
    bundlerPorts: [ports.bundlerA, ports.bundlerB],
    fixturesPath: FIXTURES_PATH,
    signal: aborter.signal,
  })
  stack.local = local
  const { devChains } = local
  for (const chain of devChains.chains) {
    livePids.add(chain.pid)
    void chain.exited.then(({ code, signal }) => {
      livePids.delete(chain.pid)
      if (!stopping) {
        console.error(`anvil (chain ${chain.chainId}, pid ${chain.pid}) exited unexpectedly (${signal ?? `exit ${code}`})`)
        void shutdown(1)
      }
    })
  }
  if (stopping) return

  // demo/vite.config.ts reads the addresses from FOYER_FIXTURES when set: point it at the file just written.
  process.env['FOYER_FIXTURES'] = FIXTURES_PATH
  // Imported here: loading Vite takes a moment, and nothing above needs it.
  const { createServer } = await import('vite')
  const demo = await createServer({
    configFile: demoConfig,
    root: demoDir,
    clearScreen: false,
    server: { host: '127.0.0.1', port: ports.demo, strictPort: true },
  })
  stack.demo = demo
  if (stopping) return
  await demo.listen()
  if (stopping) return

  const demoUrl = demo.resolvedUrls?.local[0] ?? `http://127.0.0.1:${ports.demo}/`
  // performance.now() counts from the start of this process, Node's own start-up included.
  const seconds = (performance.now() / 1000).toFixed(1)
  const [chainA, chainB] = devChains.chains
  console.log(
    [
      '',
      `Foyer local stack ready in ${seconds} s`,
      `  demo          ${demoUrl}  (${demoUrl.replace(/\/?$/, '/')}?siwx=required: sign in with X)`,
      `  chain 31337   ${chainA?.url}  (anvil pid ${chainA?.pid})`,
      `  chain 31338   ${chainB?.url}  (anvil pid ${chainB?.pid})`,
      ...local.bundlers.map(
        (bundler, index) =>
          `  bundler ${devChains.chains[index]?.chainId} ${bundler.url}  (ERC-4337, alto pid ${bundler.pid}; EntryPoint v0.8)`,
      ),
      `  paymaster     ${DEV_PAYMASTER}  (on both chains: the demo's sponsored gas, docs/sponsored-gas.md)`,
      `  solana        ${local.solana.url}  (litesvm, ${local.fixtures.solana.chainId})`,
      `  relay         ${local.fixtures.walletConnect.relayUrl}  (WalletConnect, development only)`,
      `  api           ${local.fixtures.api.url}  (balances, prices, history, account names in .foyer.id, on-ramp checkouts, sign-in sessions)`,
      `  rpc           ${local.fixtures.rpc.url}/v1  (the public RPC service: ?chainId=eip155:31337|eip155:31338|${local.fixtures.solana.chainId}&projectId=…)`,
      `  directory     ${local.fixtures.directory.url}  (wallets for All Wallets and WalletConnect; allowed origins; analytics events kept in the storage)`,
      `  wallet        ${local.fixtures.wallet?.url}  (embedded wallet: the secure frame, email and social sign-in; data in ${local.database?.location})`,
      `  mail          ${local.fixtures.mail?.url}  (the inbox: sign-in codes and device links; SMTP ${local.fixtures.mail?.smtpUrl})`,
      `  identity      ${local.fixtures.identity?.url}  (OpenID Connect stand-in for Google, X, Discord, Apple, GitHub, Facebook; any name signs in)`,
      `  fixtures      ${path.relative(root, FIXTURES_PATH)}`,
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  )
}

const starting = start()

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return
  stopping = true
  aborter.abort()
  // Startup returns (or fails) promptly once aborted; then everything it started is stopped here.
  await starting.catch(() => undefined)
  await Promise.allSettled([stack.demo?.close(), stack.local?.stop()])
  process.exit(code)
}

// SIGHUP too: closing the terminal must not leave the anvils running.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (!stopping) {
      console.log(`\n${signal}: stopping…`)
      void shutdown(0)
      return
    }
    // A second Ctrl-C while stopping: do not wait any longer.
    for (const pid of livePids) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    process.exit(1)
  })
}

// If whatever started this process dies without passing a signal on (npm or its shell killed), this
// process is re-parented: stop too, rather than keep the ports busy with nobody to press Ctrl-C.
const parentPid = process.ppid
setInterval(() => {
  if (process.ppid !== parentPid && !stopping) {
    console.log('The parent process exited: stopping…')
    void shutdown(0)
  }
}, 1000).unref()

// Last resort for an exit that skipped shutdown (an uncaught exception): no anvil outlives this process.
process.on('exit', () => {
  for (const pid of livePids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

starting.catch((error) => {
  if (stopping) return
  console.error(error instanceof PortInUseError || error instanceof SolanaPortInUseError ? error.message : error)
  void shutdown(1)
})
