// The local Solana node: Solana's JSON-RPC over HTTP on top of one LiteSVM instance.
// Browsers call it directly, so every answer carries CORS headers and no body, however malformed,
// gets anything but a JSON-RPC error back.
import { isAddress } from '@solana/kit'

import { JSON_TYPE, createServiceApp, serveApp } from '../../http/index.mjs'
import { createLocalLedger } from './createLocalLedger.mjs'
import { stringifyJson } from '../../jsonRpc.mjs'
import { handleJsonRpcBody } from './jsonRpc.mjs'
import { DEFAULT_SOLANA_RPC_PORT, LOCAL_GENESIS_HASH } from './localNetwork.mjs'
import { createSolanaRpcMethods } from './solanaRpcMethods.mjs'

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024

const DEFAULT_ALLOWED_HEADERS = 'content-type, solana-client'

/**
 * @typedef {object} StartSolanaRpcOptions
 * @property {number} [port] 0 picks a free port (default 8899)
 * @property {string} [host] default '127.0.0.1'
 * @property {ReadonlyArray<{ address: string, lamports: bigint | number }>} [fund] airdropped before the node listens
 * @property {string} [portEnv] named in the error when the port is taken (default 'FOYER_SOLANA_PORT')
 * @property {(message: string) => void} [log] told about internal errors (default console.error)
 */

/**
 * Starts the local Solana JSON-RPC node and resolves once it listens.
 *
 * @example
 * const node = await startSolanaRpc({ port: 0, fund: [{ address, lamports: 10n ** 12n }] });
 * const rpc = createSolanaRpc(node.url);
 * await node.stop();
 *
 * @param {StartSolanaRpcOptions} [options]
 */
export async function startSolanaRpc({
  port = DEFAULT_SOLANA_RPC_PORT,
  host = '127.0.0.1',
  fund = [],
  portEnv = 'FOYER_SOLANA_PORT',
  log = (message) => console.error(message),
} = {}) {
  const ledger = createLocalLedger()
  for (const { address, lamports } of fund) {
    if (typeof address !== 'string' || !isAddress(address)) {
      throw new TypeError(`fund: ${JSON.stringify(address)} is not a base58 address`)
    }
    const outcome = ledger.airdrop(/** @type {import('@solana/kit').Address} */ (address), BigInt(lamports))
    if ('error' in outcome) throw new Error(`Could not fund ${address}: ${JSON.stringify(outcome.error)}`)
  }
  const methods = createSolanaRpcMethods(ledger)
  /** @param {unknown} error @param {string} method */
  const onInternalError = (error, method) =>
    log(`[solana-rpc] ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)

  const app = createServiceApp({
    name: 'solana-rpc',
    log,
    methods: ['POST', 'GET', 'HEAD'],
    allowHeaders: DEFAULT_ALLOWED_HEADERS,
    maxBodyBytes: MAX_BODY_BYTES,
    // A JSON-RPC client reads every failure, HTTP ones included, as a JSON-RPC error object.
    errorBodies: 'json-rpc',
  })
  /** @param {import('hono').Context} c @param {unknown} value */
  const sendRpcJson = (c, value) => c.body(stringifyJson(value), 200, { 'content-type': JSON_TYPE })

  // GET /health is what agave answers too (plain text); anything else gets a small JSON summary.
  app.get('/health', (c) => c.text('ok'))
  app.get('*', (c) =>
    sendRpcJson(c, {
      status: 'ok',
      service: 'foyer-solana-rpc',
      genesisHash: LOCAL_GENESIS_HASH,
      slot: ledger.slot,
      blockHeight: ledger.blockHeight,
    }),
  )
  app.post('*', async (c) => {
    const response = handleJsonRpcBody(await c.req.text(), methods, onInternalError)
    // Only notifications: nothing to answer.
    return response === undefined ? c.body(null, 204) : sendRpcJson(c, response)
  })

  const served = await serveApp(app, { port, host, envVar: portEnv, name: 'solana-rpc', log })
  // Idle connections are closed by the clients, never by the node. Its clients mostly share its process (the local
  // stack mints the fixture USDC and proxies calls over HTTP while it starts) and so its event loop: once that loop
  // stalls past node:http's 5 s keep-alive timeout (two stacks starting on two cores), the next request and that
  // timeout fall due in the same turn, the request is written first and the node drops the connection unread, which
  // the client sees as ECONNRESET. A client never reuses a connection it closed itself; the node still closes
  // every connection on stop().
  served.server.keepAliveTimeout = 0
  return {
    /** `http://127.0.0.1:<port>` */
    url: served.url,
    port: served.port,
    /** The LiteSVM instance behind the node, for direct setup in tests (setAccount, addProgram, …). */
    svm: ledger.svm,
    /** Slot, block height, blockhash window and signature statuses over `svm`. */
    ledger,
    /** Stops listening, closes every connection (keep-alive ones included) and resolves once closed. */
    stop: served.stop,
  }
}

/** @typedef {Awaited<ReturnType<typeof startSolanaRpc>>} SolanaRpcNode */
