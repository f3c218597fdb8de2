// Setup file of the unit tier. A unit test starts no process and opens no port, so the tier stays fast and can run
// beside anything; a test that needs a real node, server, browser or bundler belongs in a file named
// `*.integration.test.ts`. Here such a test fails at once and says so.
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

const refuse = (what: string) => () => {
  throw new Error(`A unit test may not ${what}: move this test to a file named *.integration.test.ts.`)
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.assign(childProcess, { [name]: refuse('start a process') })
}
// The named imports (`import { spawn } from 'node:child_process'`) see the replacements too.
syncBuiltinESMExports()
net.Server.prototype.listen = refuse('listen on a port') as never
