// A service process the local stack starts (anvil, the bundler): the one way it is watched and stopped.
import { spawn } from 'node:child_process'
import { once } from 'node:events'

/** The processes started here that are still running. */
const running = new Set()
/** The signals that end a test run or a stack early: Ctrl-C, a `kill`, a closed terminal. */
const ENDING_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])

/**
 * Ends `child` when this process ends, however it ends: by `process.exit` (a vitest worker does so when its parent
 * has gone), or by a signal sent to this process alone (`kill`, or vitest sending SIGTERM to a worker). Without this,
 * a stopped run left its anvils running with parent 1. SIGKILL cannot be caught: a process killed by it still leaves
 * its children.
 *
 * @param {import('node:child_process').ChildProcess} child
 */
export function endWithThisProcess(child) {
  if (child.pid === undefined) return // never started ('error' says why)
  if (running.size === 0) {
    process.on('exit', endRunning)
    for (const signal of ENDING_SIGNALS) process.on(signal, endRunningThenDie)
  }
  running.add(child)
  child.once('exit', () => {
    running.delete(child)
    if (running.size > 0) return
    process.off('exit', endRunning)
    for (const signal of ENDING_SIGNALS) process.off(signal, endRunningThenDie)
  })
}

function endRunning() {
  for (const child of running) {
    try {
      // Synchronous, so it is sent even from an 'exit' listener; the child ends on its own after.
      child.kill('SIGTERM')
    } catch {
      // it ended meanwhile
    }
  }
}

/**
 * A listener for a signal stops Node from ending the process on it, so once the children are told, the signal is
 * sent again with this listener gone: Node's own action (the process ends), unless someone else listens, who then
 * decides (vitest's main process, say, closes its run and exits).
 *
 * @param {NodeJS.Signals} signal
 */
function endRunningThenDie(signal) {
  endRunning()
  for (const each of ENDING_SIGNALS) process.off(each, endRunningThenDie)
  process.off('exit', endRunning)
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

/**
 * Spawns `command` with stderr kept for the error message when it dies at start (bounded, so a chatty process cannot
 * grow it), and a `stop` that ends it by its pid: SIGTERM, then SIGKILL after 5 s.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {{
 *   pid: number | undefined,
 *   exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>,
 *   hasExited: () => boolean,
 *   stderr: () => string,
 *   spawnFailure: Promise<Error | undefined>,
 *   stop: () => Promise<void>,
 * }}
 */
export function startChildProcess(command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] })
  endWithThisProcess(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  let exitedAlready = false
  void exited.then(() => {
    exitedAlready = true
  })
  const spawnFailure = once(child, 'spawn').then(
    () => undefined,
    (error) => /** @type {Error} */ (error),
  )
  const stop = async () => {
    if (!exitedAlready && child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGTERM')
      } catch {
        // ESRCH: it ended on its own since (e.g. Ctrl-C in a terminal reaches the whole process group)
      }
      const force = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(force)
    }
  }
  return { pid: child.pid, exited, hasExited: () => exitedAlready, stderr: () => stderr, spawnFailure, stop }
}
