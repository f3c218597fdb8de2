#!/usr/bin/env node
// Starts the public RPC service on 127.0.0.1:8793 (FOYER_RPC_PORT moves it) in front of the chains named in
// FOYER_RPC_CHAINS (`chainId=url,…`, CAIP-2 ids; default the local stack's: anvil on 8545 and 8546, the Solana node on
// 8899), prints its URL and runs until SIGINT/SIGTERM (SIGTERM drains: the requests in flight finish, exit 0).
// FOYER_RPC_PROJECTS limits it to these project ids (comma-separated); FOYER_HOST is the address it listens on
// (default 127.0.0.1); FOYER_TRUSTED_PROXIES the proxies whose X-Forwarded-* headers are believed;
// FOYER_LOG_REQUESTS=off writes no JSON line per request.
import { LOCAL_SOLANA_CHAIN_ID } from '../dev/solana/localNetwork.mjs'
import { readHost, readPort, readRequestLog, readTrustedProxy, stopOnSignals } from '../serviceCli.mjs'
import { DEFAULT_RPC_PORT, startRpc } from './startRpc.mjs'

const port = readPort('FOYER_RPC_PORT', DEFAULT_RPC_PORT)
const raw = process.env['FOYER_RPC_CHAINS']
const chains = raw
  ? Object.fromEntries(
      raw.split(',').map((entry) => {
        const at = entry.indexOf('=')
        return [entry.slice(0, at), entry.slice(at + 1)]
      }),
    )
  : { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546', [LOCAL_SOLANA_CHAIN_ID]: 'http://127.0.0.1:8899' }

/** @type {import('./startRpc.mjs').RpcService} */
let rpc
try {
  const projectIds = process.env['FOYER_RPC_PROJECTS']
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  rpc = await startRpc({
    port,
    chains,
    host: readHost(),
    trustedProxy: readTrustedProxy(),
    requestLog: readRequestLog(),
    ...(projectIds?.length && { projectIds }),
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
stopOnSignals('RPC service', () => rpc.drain())
console.log(`RPC service on ${rpc.url}`)
for (const chainId of Object.keys(chains)) console.log(`  ${chainId}: ${rpc.urlFor(chainId, 'demo')}`)
