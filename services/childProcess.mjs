// A service process the local stack starts (anvil, the bundler): the one way it is watched and stopped.
import { spawn } from 'node:child_process'
import { once } from 'node:events'

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
