#!/usr/bin/env node
// Starts the wallet directory, prints its URL and runs until SIGINT/SIGTERM (SIGTERM drains: no new connections,
// the requests in flight finish, the database closes, exit 0).
//
//   FOYER_DIRECTORY_PORT       8788
//   FOYER_HOST                 the address to listen on, default 127.0.0.1
//   FOYER_DIRECTORY_ORIGINS    the projects' allowed origins (`https://example.com,https://*.example.com`); default
//                              any port of localhost and 127.0.0.1
//   FOYER_DIRECTORY_PROJECTS   the project ids it serves, comma-separated; default any
//   FOYER_DIRECTORY_FEATURES   the remote configuration as JSON (`{"swaps":false,"socials":["google"]}`); default all on
//   FOYER_DIRECTORY_ANALYTICS  `on` receives analytics events (`POST /e`) into the storage database
//                              (DATABASE_URL or FOYER_DATA_DIR)
//   FOYER_TRUSTED_PROXIES      the proxies (addresses, CIDR ranges) whose X-Forwarded-* headers are believed
//   FOYER_LOG_REQUESTS         `off` for no JSON line per request on stdout
//   FOYER_DIRECTORY_FAIL       for trying the modal's error handling by hand: `429` makes every request answer 429
//                              (any 400-599 status), `503:3` only the first three
import { readHost, readPort, readRequestLog, readTrustedProxy, stopOnSignals } from '../serviceCli.mjs'
import { openDatabase } from '../storage/index.mjs'
import { DEFAULT_DIRECTORY_PORT, startDirectory } from './startDirectory.mjs'

const FAIL_ENV = 'FOYER_DIRECTORY_FAIL'

const port = readPort('FOYER_DIRECTORY_PORT', DEFAULT_DIRECTORY_PORT)
const rawFail = process.env[FAIL_ENV]
const fail = rawFail ? /^([45]\d\d)(?::(\d+))?$/.exec(rawFail) : null
if (rawFail && !fail) {
  console.error(`${FAIL_ENV} must be a status, optionally with a count (429, 503:3), got ${JSON.stringify(rawFail)}`)
  process.exit(1)
}
/** @param {string} name */
const listOf = (name) =>
  process.env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
const analytics = process.env['FOYER_DIRECTORY_ANALYTICS'] === 'on'

/** @type {import('../storage/index.mjs').Database | undefined} */
let database
/** @type {import('./startDirectory.mjs').WalletDirectory} */
let directory
try {
  const features = process.env['FOYER_DIRECTORY_FEATURES']
  if (analytics) database = await openDatabase()
  directory = await startDirectory({
    port,
    host: readHost(),
    trustedProxy: readTrustedProxy(),
    requestLog: readRequestLog(),
    ...(listOf('FOYER_DIRECTORY_ORIGINS') && { allowedOrigins: listOf('FOYER_DIRECTORY_ORIGINS') }),
    ...(listOf('FOYER_DIRECTORY_PROJECTS') && { projectIds: listOf('FOYER_DIRECTORY_PROJECTS') }),
    ...(features && { features: JSON.parse(features) }),
    ...(analytics && { analytics, database }),
  })
  if (fail) directory.failNext(Number(fail[1]), fail[2] === undefined ? Infinity : Number(fail[2]))
} catch (error) {
  await database?.close()
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

stopOnSignals('Wallet directory', async () => {
  await directory.drain()
  await database?.close()
})
console.log(`Wallet directory on ${directory.url}`)
console.log(`  try ${directory.url}/getWallets?projectId=demo&st=foyer&sv=0.1.0&search=meta`)
if (fail) console.log(`  failing ${fail[2] ?? 'every'} request(s) with ${fail[1]} (${FAIL_ENV})`)
