#!/usr/bin/env node
// Starts the local WalletConnect relay on 127.0.0.1:8787 (FOYER_RELAY_PORT moves it), prints its URL and
// runs until SIGINT/SIGTERM. Development only: it verifies no JWT and no project id.
import { DEFAULT_RELAY_PORT, startRelay } from './startRelay.mjs'

const PORT_ENV = 'FOYER_RELAY_PORT'
const rawPort = process.env[PORT_ENV]
const port = rawPort ? Number(rawPort) : DEFAULT_RELAY_PORT
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`${PORT_ENV} must be a port number, got ${JSON.stringify(rawPort)}`)
  process.exit(1)
}

/** @type {import('./startRelay.mjs').LocalRelay} */
let relay
try {
  relay = await startRelay({ port, portEnv: PORT_ENV })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

console.log(`WalletConnect relay (local, development only) on ${relay.url}`)
console.log(`  use it as the sign-client's relayUrl; GET ${relay.httpUrl}/health answers ok`)

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  process.off('SIGINT', shutdown)
  process.off('SIGTERM', shutdown)
  await relay.stop()
  console.log(`WalletConnect relay stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
