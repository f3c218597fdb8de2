#!/usr/bin/env node
// Starts the local Solana node on 127.0.0.1:8899 (FOYER_SOLANA_PORT moves it) with the dev keys funded and holding
// the fixture USDC, prints its URL and runs until SIGINT/SIGTERM.
import { DEV_FUNDING_LAMPORTS, DEV_WALLET_ADDRESS, LOCAL_USDC_MINT, TEST_WALLET_ADDRESS } from './devKeys.mjs'
import { mintFixtureTokens } from './fixtureTokens.mjs'
import { DEFAULT_SOLANA_RPC_PORT, LOCAL_SOLANA_CHAIN_ID } from './localNetwork.mjs'
import { startSolanaRpc } from './startSolanaRpc.mjs'

const PORT_ENV = 'FOYER_SOLANA_PORT'
const rawPort = process.env[PORT_ENV]
const port = rawPort ? Number(rawPort) : DEFAULT_SOLANA_RPC_PORT
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`${PORT_ENV} must be a port number, got ${JSON.stringify(rawPort)}`)
  process.exit(1)
}

/** @type {import('./startSolanaRpc.mjs').SolanaRpcNode} */
let node
try {
  node = await startSolanaRpc({
    port,
    portEnv: PORT_ENV,
    fund: [
      { address: DEV_WALLET_ADDRESS, lamports: DEV_FUNDING_LAMPORTS },
      { address: TEST_WALLET_ADDRESS, lamports: DEV_FUNDING_LAMPORTS },
    ],
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
try {
  await mintFixtureTokens(node.url, { holders: [DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS] })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await node.stop()
  process.exit(1)
}

console.log(`Solana JSON-RPC (litesvm) on ${node.url}  chain ${LOCAL_SOLANA_CHAIN_ID}`)
console.log(`  funded ${DEV_WALLET_ADDRESS} (dev wallet) and ${TEST_WALLET_ADDRESS} (test wallet)`)
console.log(`  each holds 1000 USDC (SPL token, mint ${LOCAL_USDC_MINT})`)

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  process.off('SIGINT', shutdown)
  process.off('SIGTERM', shutdown)
  await node.stop()
  console.log(`Solana JSON-RPC stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
