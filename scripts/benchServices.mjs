// `node scripts/benchServices.mjs [--requests N] [--concurrency C] [--json]`: requests per second on two service
// routes, the wallet directory's `/getWallets` and the API's `/v1/supported-chains`, on loopback. The services
// run in a child process (so the client does not share their event loop), each route is warmed up, then N
// requests (default 5000) are sent C at a time (default 8) over keep-alive connections. Bounded in count;
// the child is stopped by its pid.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '8' },
    json: { type: 'boolean', default: false },
  },
})
const requests = Math.min(Number(values.requests), 100_000)
const concurrency = Math.min(Number(values.concurrency), 64)
const WARMUP = 500
const CLIENT = 'projectId=bench&st=foyer&sv=0.1.0'

// The services as `npm start` builds them, minus the chains: the routes measured need none.
const SERVER = `
  import { startApi } from './services/api/index.mjs';
  import { startDirectory } from './services/directory/index.mjs';
  const api = await startApi({ port: 0 });
  const directory = await startDirectory({ port: 0 });
  process.stdout.write(JSON.stringify({ api: api.url, directory: directory.url }) + '\\n');
`

const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
try {
  const urls = await firstLine(child)
  const results = {
    'directory GET /getWallets': await measure(`${urls.directory}/getWallets?${CLIENT}`),
    'api GET /v1/supported-chains': await measure(`${urls.api}/v1/supported-chains?${CLIENT}`),
  }
  if (values.json) console.log(JSON.stringify(results))
  else for (const [route, perSecond] of Object.entries(results)) console.log(`${route}: ${perSecond} req/s`)
} finally {
  if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL')
}

/** @param {import('node:child_process').ChildProcess} process @returns {Promise<{ api: string, directory: string }>} */
function firstLine(process) {
  return new Promise((resolve, reject) => {
    let text = ''
    process.stdout?.on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))))
    })
    process.once('exit', (code) => reject(new Error(`the services exited (${code}) before listening`)))
  })
}

/** Requests per second over `requests` GETs of `url`, `concurrency` in flight, after a warm-up. @param {string} url */
async function measure(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  await run(url, agent, WARMUP)
  const started = performance.now()
  await run(url, agent, requests)
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  return Math.round(requests / seconds)
}

/** @param {string} url @param {http.Agent} agent @param {number} count */
async function run(url, agent, count) {
  let sent = 0
  const worker = async () => {
    while (sent < count) {
      sent += 1
      const status = await get(url, agent)
      if (status !== 200) throw new Error(`${url} answered ${status}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

/** @param {string} url @param {http.Agent} agent @returns {Promise<number>} */
function get(url, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      .on('error', reject)
  })
}
