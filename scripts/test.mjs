// `npm test`: every check, in phases; stops after the first phase with a failing step, with its exit code.
// The steps of one phase run side by side, the cheap ones first, so that a type error, a broken unit test or a blown
// size budget fails the run within a minute or two. To add a check, add a step [title, command, ...args] to a
// phase. Commands resolve from node_modules/.bin.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** @typedef {[title: string, command: string, ...args: string[]]} Step */

/** @type {Step[][]} */
const phases = [
  [
    ['Lint and format (Biome)', 'biome', 'ci', '--error-on-warnings', '.'],
    ['Chromium (Debian package)', 'node', 'scripts/ensure-chromium.mjs'],
  ],
  [
    ['Typecheck', 'tsc', '--noEmit', '-p', '.'],
    ['Unit tests', 'vitest', 'run', '--project', 'unit'],
    // It builds dist/, which the hosts test (test/hosts, integration tier) then packs.
    ['Size budget', 'node', 'scripts/size.mjs'],
  ],
  // One vitest run, so that its two workers stay busy across the tiers; the end-to-end files come last (groupOrder).
  [
    [
      'Integration, stories and screenshots (Chromium), end-to-end',
      'vitest',
      'run',
      '--project',
      'integration',
      '--project',
      'stories',
      '--project',
      'screenshots',
      '--project',
      'e2e',
    ],
  ],
]

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = {
  ...process.env,
  // CI mode for vitest: `.only` fails, missing snapshots fail instead of being written, obsolete
  // ones fail too. `CI= npm test` opts out.
  CI: process.env.CI ?? 'true',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  NO_UPDATE_NOTIFIER: '1',
  npm_config_update_notifier: 'false',
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
}

/** @type {Set<import('node:child_process').ChildProcess>} the steps running now, told when the run is interrupted */
const running = new Set()
/** @type {NodeJS.Signals | undefined} */
let interrupted

// Interrupted (Ctrl-C, a `kill` of this process alone, a closed terminal): each running step is told and waited for,
// so that vitest ends its workers and each worker the anvils and servers it started (services/childProcess.mjs),
// rather than the steps running on without this process.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    interrupted = signal
    for (const child of running) child.kill(signal)
  })
}

/**
 * Runs one step. Alone in its phase it writes to the terminal as it goes; beside others its output is held and
 * written in one piece when it ends, so that two steps' lines never interleave.
 *
 * @param {Step} step @param {boolean} alone
 * @returns {Promise<number>}
 */
function run([title, command, ...args], alone) {
  const started = Date.now()
  const child = spawn(command, args, { cwd: root, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  child.once('close', () => running.delete(child))
  /** @type {Buffer[]} */
  const output = []
  child.stdout?.on('data', (chunk) => output.push(chunk))
  child.stderr?.on('data', (chunk) => output.push(chunk))
  return new Promise((resolve) => {
    const finish = (/** @type {string | undefined} */ why) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (!alone) process.stdout.write(`\n--- ${title}: ${[command, ...args].join(' ')}\n${Buffer.concat(output)}`)
      console.log(why ? `\n=== FAILED: ${title} (${why}, ${seconds}s)` : `=== ok: ${title} (${seconds}s)`)
      resolve(why ? 1 : 0)
    }
    child.once('error', (error) => finish(error.message))
    child.once('close', (status, signal) => finish(status === 0 ? undefined : signal ? `signal ${signal}` : `exit ${status}`))
  })
}

const started = Date.now()
for (const [i, steps] of phases.entries()) {
  console.log(`\n=== [${i + 1}/${phases.length}] ${steps.map(([title]) => title).join(' + ')}`)
  const statuses = await Promise.all(steps.map((step) => run(step, steps.length === 1)))
  if (interrupted) process.exit(128 + constants.signals[interrupted])
  if (statuses.some((status) => status !== 0)) process.exit(1)
}
console.log(`\n=== all ${phases.length} phases passed (${((Date.now() - started) / 1000).toFixed(1)}s)`)
