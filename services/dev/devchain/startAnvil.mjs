import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

import { startChildProcess } from '../../childProcess.mjs'
import { PortInUseError, assertPortFree, findFreePort } from '../../listen.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * The anvil executable itself. `node_modules/.bin/anvil` is a Node wrapper (`@foundry-rs/anvil/bin.mjs`)
 * that spawns this binary: its pid is not anvil's, it exits on SIGTERM without waiting for anvil, and a
 * SIGKILL would orphan anvil. Spawning the binary the wrapper would pick keeps "stop kills that pid" exact.
 * Falls back to the wrapper where the platform package is missing.
 */
function anvilExecutable() {
  const arch = { x64: 'amd64', arm64: 'arm64' }[/** @type {string} */ (process.arch)]
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const candidate = createRequire(path.join(root, 'package.json')).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`)
    if (existsSync(candidate)) return candidate
  } catch {
    // the wrapper below reports an unsupported platform itself
  }
  return path.join(root, 'node_modules', '.bin', 'anvil')
}

/**
 * @param {string} url
 * @returns {Promise<number | undefined>} the chain id, or undefined while the node does not answer
 */
async function readChainId(url) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = /** @type {{ result?: string }} */ (await response.json())
    return body.result ? Number(body.result) : undefined
  } catch {
    return undefined
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * @typedef {object} AnvilInstance
 * @property {string} url JSON-RPC URL, `http://127.0.0.1:<port>`
 * @property {number} chainId
 * @property {number} port
 * @property {number} pid the anvil process itself (the one running now, after a restart)
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited settles when the process ends,
 *   for whatever reason
 * @property {() => Promise<void>} stop sends SIGTERM to `pid` (SIGKILL after 5 s) and waits for the exit
 * @property {() => Promise<void>} halt takes the chain's state (`anvil_dumpState`: accounts, contracts, blocks,
 *   receipts), then stops the process as `stop` does: the node is gone, for tests of what its clients do then
 * @property {() => Promise<void>} restart after `halt`: a new anvil on the same port and chain id, started from the
 *   state taken (`--load-state`, so it never answers with an empty chain), resolved once it answers
 */

/**
 * Starts one anvil on 127.0.0.1 with instant mining and waits until it answers `eth_chainId`.
 *
 * @param {object} [options]
 * @param {number} [options.port=8545] 0 picks a free port.
 * @param {number} [options.chainId=31337]
 * @param {string} [options.portEnv='FOYER_ANVIL_PORT'] the environment variable named when the port is taken.
 * @param {number} [options.timeoutMs=15000] how long to wait for the first answer.
 * @param {AbortSignal} [options.signal] aborting stops the process and rejects
 * @returns {Promise<AnvilInstance>}
 * @example
 * const anvil = await startAnvil({ port: 0, chainId: 31337 });
 * // … use anvil.url …
 * await anvil.stop();
 */
export async function startAnvil({ port = 8545, chainId = 31337, portEnv = 'FOYER_ANVIL_PORT', timeoutMs = 15_000, signal } = {}) {
  // Port 0: the free port is found before anvil binds it, so another process can take it in between;
  // anvil then fails to bind and a new port is tried.
  for (let attempt = 1; ; attempt++) {
    const chosen = port === 0 ? await findFreePort() : port
    if (port !== 0) await assertPortFree(port, portEnv)
    try {
      return restartable(await launch({ port: chosen, chainId, timeoutMs, signal }), timeoutMs)
    } catch (error) {
      if (!(error instanceof BindError)) throw error
      if (port !== 0) throw new PortInUseError(port, portEnv)
      if (attempt === 3) throw new Error(`anvil could not bind a free port three times: ${error.message}`)
    }
  }
}

class BindError extends Error {}

/**
 * The instance callers hold: the process behind it may be halted and started again on the same port.
 *
 * @param {Launched} first
 * @param {number} timeoutMs
 * @returns {AnvilInstance}
 */
function restartable(first, timeoutMs) {
  let current = first
  /** @type {string | undefined} the directory of the state taken by `halt` */
  let kept
  const { url, chainId, port } = first
  return {
    url,
    chainId,
    port,
    get pid() {
      return current.pid
    },
    get exited() {
      return current.exited
    },
    stop: () => current.stop(),
    async halt() {
      if (kept) throw new Error(`anvil on ${url} is halted already`)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
      })
      const { result } = /** @type {{ result?: string }} */ (await response.json())
      if (typeof result !== 'string' || !result.startsWith('0x')) throw new Error(`anvil on ${url} gave no state to keep`)
      // anvil_dumpState answers gzip in hex; --load-state reads the JSON inside.
      const directory = await mkdtemp(path.join(tmpdir(), 'foyer-anvil-state-'))
      await writeFile(path.join(directory, 'state.json'), gunzipSync(Buffer.from(result.slice(2), 'hex')))
      kept = directory
      await current.stop()
    },
    async restart() {
      if (!kept) throw new Error(`anvil on ${url} is not halted`)
      // The port is free again, but only until someone else takes it: no retry elsewhere, clients know this one.
      current = await launch({ port, chainId, timeoutMs, signal: undefined, loadState: path.join(kept, 'state.json') })
      await rm(kept, { recursive: true, force: true })
      kept = undefined
    },
  }
}

/** @typedef {{ url: string, chainId: number, port: number, pid: number, exited: AnvilInstance['exited'], stop: () => Promise<void> }} Launched */

/**
 * @param {{ port: number, chainId: number, timeoutMs: number, signal: AbortSignal | undefined, loadState?: string }} options
 * @returns {Promise<Launched>}
 */
async function launch({ port, chainId, timeoutMs, signal, loadState }) {
  signal?.throwIfAborted()
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--silent',
    ...(loadState ? ['--load-state', loadState] : []),
  ]
  const { pid, exited, hasExited, stderr, spawnFailure, stop } = startChildProcess(anvilExecutable(), args)

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  try {
    const failure = await spawnFailure
    if (failure) throw new Error(`anvil could not be started (${anvilExecutable()}): ${failure.message}`)
    for (;;) {
      signal?.throwIfAborted()
      if (hasExited()) {
        const { code, signal: exitSignal } = await exited
        const detail = stderr().trim() || `exit ${code ?? exitSignal}`
        if (/address already in use|os error 98/i.test(stderr())) throw new BindError(detail)
        throw new Error(`anvil (chain ${chainId}, port ${port}) exited at start: ${detail}`)
      }
      const answered = await readChainId(url)
      if (answered !== undefined) {
        if (answered !== chainId) {
          throw new Error(`Something else answers on ${url} (chain id ${answered}, expected ${chainId})`)
        }
        break
      }
      if (Date.now() > deadline) {
        throw new Error(`anvil (chain ${chainId}) did not answer on ${url} within ${timeoutMs / 1000} s`)
      }
      await sleep(100)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { url, chainId, port, pid: /** @type {number} */ (pid), exited, stop }
}
