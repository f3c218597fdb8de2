// The local Solana node: Solana's JSON-RPC over HTTP on top of one LiteSVM instance.
// Browsers call it directly, so every answer carries CORS headers and no body, however malformed,
// gets anything but a JSON-RPC error back.
import http from 'node:http';

import { isAddress } from '@solana/kit';

import { listen } from '../listen.mjs';
import { createLocalLedger } from './createLocalLedger.mjs';
import {
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_REQUEST,
  errorResponse,
  handleJsonRpcBody,
  stringifyJson,
} from './jsonRpc.mjs';
import { DEFAULT_SOLANA_RPC_PORT, LOCAL_GENESIS_HASH } from './localNetwork.mjs';
import { createSolanaRpcMethods } from './solanaRpcMethods.mjs';

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** An oversized body is read to its end (so the client sees the answer) up to this much, then the socket is cut. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-max-age': '86400',
};
const DEFAULT_ALLOWED_HEADERS = 'content-type, solana-client';

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} body
 * @param {string} [contentType]
 */
function send(res, status, body, contentType = 'application/json; charset=utf-8') {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

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
  const ledger = createLocalLedger();
  for (const { address, lamports } of fund) {
    if (typeof address !== 'string' || !isAddress(address)) {
      throw new TypeError(`fund: ${JSON.stringify(address)} is not a base58 address`);
    }
    const outcome = ledger.airdrop(/** @type {import('@solana/kit').Address} */ (address), BigInt(lamports));
    if ('error' in outcome) throw new Error(`Could not fund ${address}: ${JSON.stringify(outcome.error)}`);
  }
  const methods = createSolanaRpcMethods(ledger);
  /** @param {unknown} error @param {string} method */
  const onInternalError = (error, method) =>
    log(`[solana-rpc] ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  function handle(req, res) {
    if (req.method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        ...CORS_HEADERS,
        'access-control-allow-headers': typeof requested === 'string' && requested ? requested : DEFAULT_ALLOWED_HEADERS,
        'content-length': 0,
      });
      res.end();
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const path = (req.url ?? '/').split('?')[0];
      // GET /health is what agave answers too (plain text); anything else gets a small JSON summary.
      if (path === '/health') return send(res, 200, 'ok', 'text/plain; charset=utf-8');
      return send(
        res,
        200,
        stringifyJson({
          status: 'ok',
          service: 'foyer-solana-rpc',
          genesisHash: LOCAL_GENESIS_HASH,
          slot: ledger.slot,
          blockHeight: ledger.blockHeight,
        }),
      );
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST, OPTIONS');
      return send(res, 405, stringifyJson(errorResponse(null, JSON_RPC_INVALID_REQUEST, 'Invalid request: use POST')));
    }

    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    let tooLarge = false;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (received > MAX_DRAINED_BYTES) {
        req.destroy();
        return;
      }
      if (received > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => {
      // The client went away mid-body; there is nobody to answer.
    });
    req.on('end', () => {
      try {
        if (tooLarge) {
          return send(
            res,
            413,
            stringifyJson(
              errorResponse(null, JSON_RPC_INVALID_REQUEST, `Invalid request: the body exceeds ${MAX_BODY_BYTES} bytes`),
            ),
          );
        }
        const response = handleJsonRpcBody(Buffer.concat(chunks).toString('utf8'), methods, onInternalError);
        if (response === undefined) {
          res.writeHead(204, CORS_HEADERS);
          res.end();
          return;
        }
        send(res, 200, stringifyJson(response));
      } catch (error) {
        onInternalError(error, 'request');
        send(res, 500, stringifyJson(errorResponse(null, JSON_RPC_INTERNAL_ERROR, 'Internal error')));
      }
    });
  }

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      onInternalError(error, 'request');
      send(res, 500, stringifyJson(errorResponse(null, JSON_RPC_INTERNAL_ERROR, 'Internal error')));
    }
  });
  // Malformed HTTP (not JSON-RPC at all): answer 400 and drop the connection instead of crashing.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });

  const actualPort = await listen(server, { port, host, envVar: portEnv });
  server.on('error', (error) => onInternalError(error, 'server'));

  const urlHost = host.includes(':') ? `[${host}]` : host;
  /** @type {Promise<void> | undefined} */
  let stopping;

  return {
    /** `http://127.0.0.1:<port>` */
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    /** The LiteSVM instance behind the node, for direct setup in tests (setAccount, addProgram, …). */
    svm: ledger.svm,
    /** Slot, block height, blockhash window and signature statuses over `svm`. */
    ledger,
    /** Stops listening, closes every connection (keep-alive ones included) and resolves once closed. */
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startSolanaRpc>>} SolanaRpcNode */
