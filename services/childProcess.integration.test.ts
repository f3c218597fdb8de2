// A process that starts a service process (a vitest worker with its anvils, `npm start`) ends it when it ends itself,
// however it ends: an interrupted `npm test` once left its anvils running with parent 1.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { afterEach, expect, test } from 'vitest'

const CHILD_PROCESS = new URL('./childProcess.mjs', import.meta.url).href

/**
 * A parent that starts a long-running child through `startChildProcess`, prints the child's pid, then waits; with
 * `exit`, it ends by `process.exit` (as a vitest worker does when its parent has gone) once the pid is printed.
 */
const PARENT = `
  import { startChildProcess } from ${JSON.stringify(CHILD_PROCESS)}
  const child = startChildProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
  await child.spawnFailure
  process.stdout.write(child.pid + '\\n')
  if (process.argv.includes('exit')) setTimeout(() => process.exit(1), 100)
  else setInterval(() => {}, 1000)
`

/** Whether `pid` is a process that runs: not gone, nor a zombie no one reaps (a container's init may not). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** How long a process told to end may take on a busy machine; the test's own budget is above it. */
const ENDS_WITHIN = { timeout: 10_000 }
const SLOW = { timeout: 20_000 }

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
})

async function startParent(...args: string[]) {
  const parent = spawn(process.execPath, ['--input-type=module', '-e', PARENT, '--', ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = once(parent, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const childPid = Number(line.toString().trim())
  started.push(parent.pid!, childPid)
  expect(isRunning(childPid)).toBe(true)
  return { parent, exited, childPid }
}

test.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
  '%s sent to the parent alone ends its child too, and the parent as Node would',
  SLOW,
  async (signal) => {
    const { parent, exited, childPid } = await startParent()
    parent.kill(signal)
    expect(await exited).toEqual([null, signal])
    await expect.poll(() => isRunning(childPid), ENDS_WITHIN).toBe(false)
  },
)

test('a parent that ends by process.exit ends its child', SLOW, async () => {
  const { exited, childPid } = await startParent('exit')
  expect(await exited).toEqual([1, null])
  await expect.poll(() => isRunning(childPid), ENDS_WITHIN).toBe(false)
})
