// The local ERC-4337 bundler: Pimlico's alto (GPL-3.0, a devDependency of the local stack only) in a process of its
// own against one dev chain, kept on 127.0.0.1 by the loopbackOnly preload (alto itself listens on 0.0.0.0).
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { startChildProcess } from '../../childProcess.mjs'
import { assertPortFree, findFreePort, PortInUseError } from '../../listen.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, '../../../package.json'))

/**
 * Anvil account #5 of the public test mnemonic: the bundler's executor, which sends `handleOps` and is paid back by
 * the EntryPoint. Local chains only.
 */
export const BUNDLER_EXECUTOR = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'),
  privateKey: /** @type {`0x${string}`} */ ('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'),
})

/** Anvil account #6: the bundler's utility wallet (deploys its simulations contract at start). Local chains only. */
export const BUNDLER_UTILITY = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0x976EA74026E726554dB657fA54763abd0C3a0aa9'),
  privateKey: /** @type {`0x${string}`} */ ('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'),
})

/**
 * @typedef {object} Bundler
 * @property {string} url the bundler's JSON-RPC endpoint, `http://127.0.0.1:<port>`
 * @property {number} port
 * @property {number} pid the alto process
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => Promise<void>} stop SIGTERM (SIGKILL after 5 s), then waits for the exit
 */

/**
 * Starts alto against `rpcUrl` for `entryPoint` and resolves once it answers `eth_supportedEntryPoints` with it.
 * Alto deploys its simulations contract from BUNDLER_UTILITY at start; BUNDLER_EXECUTOR sends the bundles.
 *
 * @param {object} options
 * @param {string} options.rpcUrl the chain's JSON-RPC URL (a dev chain: the executor keys are anvil's)
 * @param {`0x${string}`} options.entryPoint
 * @param {number} [options.port=0] 0 picks a free port.
 * @param {string} [options.portEnv='FOYER_BUNDLER_PORT'] named when the port is taken.
 * @param {number} [options.timeoutMs=60000] how long to wait for the first answer.
 * @param {AbortSignal} [options.signal]
 * @returns {Promise<Bundler>}
 * @example
 * const bundler = await startBundler({ rpcUrl: anvil.url, entryPoint: ENTRY_POINT_08 });
 */
export async function startBundler({ rpcUrl, entryPoint, port = 0, portEnv = 'FOYER_BUNDLER_PORT', timeoutMs = 60_000, signal }) {
  // Port 0: another process may take the free port before alto binds it; alto then exits and another is tried.
  for (let attempt = 1; ; attempt++) {
    if (port !== 0) await assertPortFree(port, portEnv)
    const chosen = port === 0 ? await findFreePort() : port
    try {
      return await launch({ rpcUrl, entryPoint, port: chosen, timeoutMs, signal })
    } catch (error) {
      if (!(error instanceof BindError)) throw error
      if (port !== 0) throw new PortInUseError(port, portEnv)
      if (attempt === 3) throw new Error(`The bundler could not bind a free port three times: ${error.message}`)
    }
  }
}

class BindError extends Error {}

/**
 * @param {{ rpcUrl: string, entryPoint: `0x${string}`, port: number, timeoutMs: number, signal: AbortSignal | undefined }} options
 * @returns {Promise<Bundler>}
 */
async function launch({ rpcUrl, entryPoint, port, timeoutMs, signal }) {
  signal?.throwIfAborted()
  // The package exports only its library entry (esm/index.js); its CLI sits beside it.
  const cli = path.join(path.dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
  const args = [
    '--import',
    path.join(here, 'loopbackOnly.mjs'),
    cli,
    '--entrypoints',
    entryPoint,
    '--executor-private-keys',
    BUNDLER_EXECUTOR.privateKey,
    '--utility-private-key',
    BUNDLER_UTILITY.privateKey,
    '--rpc-url',
    rpcUrl,
    '--port',
    String(port),
    // Safe mode needs a node with debug_traceCall's JS tracer (geth); anvil has none.
    '--safe-mode',
    'false',
    '--log-level',
    'warn',
  ]
  // Only what Node needs: alto also reads ALTO_* variables and a `.env` from its working directory, and neither
  // may change the local stack behind its back.
  const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? os.tmpdir(), NODE_ENV: /** @type {const} */ ('production') }
  const { pid, exited, hasExited, stderr, spawnFailure, stop } = startChildProcess(process.execPath, args, { cwd: os.tmpdir(), env })

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  try {
    const failure = await spawnFailure
    if (failure) throw new Error(`The bundler could not be started: ${failure.message}`)
    for (;;) {
      signal?.throwIfAborted()
      if (hasExited()) {
        const { code, signal: exitSignal } = await exited
        const detail = stderr().trim() || `exit ${code ?? exitSignal}`
        if (/EADDRINUSE/.test(stderr())) throw new BindError(detail)
        throw new Error(`The bundler (port ${port}) exited at start: ${detail}`)
      }
      const supported = await readSupportedEntryPoints(url)
      if (supported) {
        if (!supported.some((address) => address.toLowerCase() === entryPoint.toLowerCase())) {
          throw new Error(`Something else answers on ${url} (entry points ${supported.join(', ')})`)
        }
        break
      }
      if (Date.now() > deadline) throw new Error(`The bundler did not answer on ${url} within ${timeoutMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { url, port, pid: /** @type {number} */ (pid), exited, stop }
}

/**
 * @param {string} url
 * @returns {Promise<string[] | undefined>} undefined while nothing answers
 */
async function readSupportedEntryPoints(url) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = /** @type {{ result?: string[] }} */ (await response.json())
    return Array.isArray(body.result) ? body.result : undefined
  } catch {
    return undefined
  }
}
