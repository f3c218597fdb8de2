// The public RPC service (rules §7), for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { DEFAULT_RPC_PORT, EVM_METHODS, MAX_BATCH, MAX_BODY_BYTES, UNKNOWN_CHAIN_CODE, UPSTREAM_TIMEOUT_MS, startRpc } from './startRpc.mjs'

/**
 * @typedef {import('./startRpc.mjs').RpcService} RpcService
 * @typedef {import('./startRpc.mjs').StartRpcOptions} StartRpcOptions
 */
