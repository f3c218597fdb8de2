// `node scripts/benchQuotes.mjs [--requests N] [--json]`: the latency of the API's `GET /v1/convert/quotes` on
// loopback, median and p95, against a real anvil with the Uniswap V2 pools the local stack deploys. The chain and
// the API run in a child process (so the client does not share their event loop); 20 warm-up quotes, then N quotes
// (default 200, at most 2000) one after another, alternating ETH → USDC, USDC → USDTS (the direct pool) and
// USDTS → ETH, with amounts that vary so no answer can be cached. Bounded in count; the child is stopped by its pid.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' }, json: { type: 'boolean', default: false } } })
const requests = Math.min(Math.max(Number(values.requests) || 200, 1), 2000)
const WARMUP = 20
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const SERVER = `
  import { startDevChains } from './services/dev/devchain/index.mjs';
  import { startApi } from './services/api/index.mjs';
  const dev = await startDevChains({ ports: [0], chainIds: [31337] });
  const chain = dev.fixtures.chains['31337'];
  const api = await startApi({ port: 0, chains: [{ chainId: 31337, rpcUrl: chain.rpcUrl, amm: { router: chain.amm.router } }] });
  process.stdout.write(JSON.stringify({ api: api.url, usdc: chain.usdc, usdt: chain.usdt }) + '\\n');
  process.on('SIGTERM', async () => { await api.stop(); await dev.stop(); process.exit(0); });
`

const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
try {
  const { api, usdc, usdt } = await firstLine(child)
  const token = (address) => `eip155:31337:${address}`
  const pairs = [
    [token(NATIVE), token(usdc), 10n ** 16n],
    [token(usdc), token(usdt), 10n ** 6n],
    [token(usdt), token(NATIVE), 10n ** 6n],
  ]
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const quote = async (index) => {
    const [from, to, unit] = pairs[index % pairs.length]
    const query = new URLSearchParams({
      projectId: 'bench',
      st: 'foyer',
      sv: '0.1.0',
      userAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      from,
      to,
      amount: String(unit * BigInt(1 + (index % 97))),
    })
    const started = performance.now()
    const status = await get(`${api}/v1/convert/quotes?${query}`, agent)
    if (status !== 200) throw new Error(`quote ${index} answered ${status}`)
    return performance.now() - started
  }
  for (let index = 0; index < WARMUP; index++) await quote(index)
  const times = []
  for (let index = 0; index < requests; index++) times.push(await quote(index))
  times.sort((a, b) => a - b)
  const at = (fraction) => times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)]
  const result = { requests, medianMs: round(at(0.5)), p95Ms: round(at(0.95)), maxMs: round(times.at(-1)) }
  if (values.json) console.log(JSON.stringify(result))
  else
    console.log(
      `GET /v1/convert/quotes over ${requests} requests on loopback: median ${result.medianMs} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
    )
  agent.destroy()
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))
}

function round(ms) {
  return Math.round(ms * 10) / 10
}

/** The child's first stdout line, parsed. */
function firstLine(process) {
  return new Promise((resolve, reject) => {
    let text = ''
    process.stdout.on('data', (chunk) => {
      text += chunk
      const end = text.indexOf('\n')
      if (end !== -1) resolve(JSON.parse(text.slice(0, end)))
    })
    process.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it was ready`)))
  })
}

/** GET `url` and drain the body; resolves with the status. */
function get(url, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
      })
      .on('error', reject)
  })
}
