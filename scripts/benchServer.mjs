// The benchmark's static file server, as a host's CDN would be: every file of a built app read and gzipped into memory
// first, and served from a thread of its own. Served from the benchmark's main thread, a file waited whenever Playwright's
// messages kept that thread busy; every file fetched in turn paid that wait again, and a page whose JS comes in two
// steps (an entry, then the chunk it imports) paid it twice (#21).
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/** @type {Record<string, string>} */
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' }

/**
 * Serves `root` on a free loopback port; an unknown path gets index.html (the demo routes on the client). `generated`
 * adds files that are not on disk, by URL path (the demo's /local-stack.js).
 *
 * @param {string} root
 * @param {Record<string, string>} [generated]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startStaticServer(root, generated = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { root, generated } })
  const port = await new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return { url: `http://127.0.0.1:${port}/`, close: () => worker.terminate().then(() => {}) }
}

/** @typedef {{ body: Buffer, gzip: Buffer }} ServedFile */

/**
 * Every file under `root`, by its URL path.
 *
 * @param {string} root @param {Map<string, ServedFile>} files @param {string} prefix
 * @returns {Map<string, ServedFile>}
 */
function readTree(root, files = new Map(), prefix = '') {
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const name = `${prefix}/${entry.name}`
    if (entry.isDirectory()) readTree(root, files, name)
    else files.set(name, served(readFileSync(path.join(root, name))))
  }
  return files
}

/** @param {Buffer} body @returns {ServedFile} */
const served = (body) => ({ body, gzip: gzipSync(body, { level: 9 }) })

if (!isMainThread) {
  const files = readTree(workerData.root)
  for (const [name, text] of Object.entries(/** @type {Record<string, string>} */ (workerData.generated)))
    files.set(name, served(Buffer.from(text)))
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const name = files.has(pathname) ? pathname : '/index.html'
    const { body, gzip } = /** @type {ServedFile} */ (files.get(name))
    const compressed = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    const sent = compressed ? gzip : body
    response.writeHead(200, {
      'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      'content-length': sent.length,
      ...(compressed && { 'content-encoding': 'gzip' }),
      vary: 'accept-encoding',
    })
    response.end(sent)
  })
  server.listen(0, '127.0.0.1', () => parentPort?.postMessage(/** @type {import('node:net').AddressInfo} */ (server.address()).port))
}
