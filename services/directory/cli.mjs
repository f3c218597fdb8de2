#!/usr/bin/env node
// Starts the wallet directory on 127.0.0.1:8788 (FOYER_DIRECTORY_PORT moves it), prints its URL and runs until
// SIGINT/SIGTERM. For trying the modal's error handling by hand, FOYER_DIRECTORY_FAIL=429 makes every request
// answer 429 (any 400-599 status), and FOYER_DIRECTORY_FAIL=503:3 only the first three.
import { DEFAULT_DIRECTORY_PORT, startDirectory } from './startDirectory.mjs'

const PORT_ENV = 'FOYER_DIRECTORY_PORT'
const FAIL_ENV = 'FOYER_DIRECTORY_FAIL'

const rawPort = process.env[PORT_ENV]
const port = rawPort ? Number(rawPort) : DEFAULT_DIRECTORY_PORT
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`${PORT_ENV} must be a port number, got ${JSON.stringify(rawPort)}`)
  process.exit(1)
}
const rawFail = process.env[FAIL_ENV]
const fail = rawFail ? /^([45]\d\d)(?::(\d+))?$/.exec(rawFail) : null
if (rawFail && !fail) {
  console.error(`${FAIL_ENV} must be a status, optionally with a count (429, 503:3), got ${JSON.stringify(rawFail)}`)
  process.exit(1)
}

/** @type {import('./startDirectory.mjs').WalletDirectory} */
let directory
try {
  directory = await startDirectory({ port })
  if (fail) directory.failNext(Number(fail[1]), fail[2] === undefined ? Infinity : Number(fail[2]))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// Listening for signals before printing the URL: a script that waits for it may stop us at once.
/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  process.off('SIGINT', shutdown)
  process.off('SIGTERM', shutdown)
  await directory.stop()
  console.log(`Wallet directory stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

console.log(`Wallet directory on ${directory.url}`)
console.log(`  try ${directory.url}/getWallets?projectId=demo&st=foyer&sv=0.1.0&search=meta`)
if (fail) console.log(`  failing ${fail[2] ?? 'every'} request(s) with ${fail[1]} (${FAIL_ENV})`)
