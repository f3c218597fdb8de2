// The JSON-RPC 2.0 error codes (SPEC §8) and the error a method throws to answer with one: shared by
// the local services that speak JSON-RPC (the Solana node, the WalletConnect relay).

export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;
export const JSON_RPC_METHOD_NOT_FOUND = -32601;
export const JSON_RPC_INVALID_PARAMS = -32602;
export const JSON_RPC_INTERNAL_ERROR = -32603;
export const JSON_RPC_SERVER_ERROR = -32000;

/**
 * An error a method throws to answer with a JSON-RPC error object instead of a result.
 *
 * @example throw new JsonRpcError(JSON_RPC_INVALID_PARAMS, 'Invalid params: expected an address')
 */
export class JsonRpcError extends Error {
  /**
   * @param {number} code JSON-RPC error code
   * @param {string} message the `error.message` sent to the client
   * @param {unknown} [data] the `error.data` sent to the client, left out when undefined
   */
  constructor(code, message, data) {
    super(message);
    this.name = 'JsonRpcError';
    this.code = code;
    this.data = data;
  }
}
