// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

export type StartRpcOptions = {
  /** The node behind each chain, by CAIP-2 id (`eip155:31337`, `solana:<genesis hash prefix>`): http(s) URLs. */
  chains: Record<string, string>;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The projects it serves; any other projectId gets 403. @default any well-formed project id */
  projectIds?: readonly string[];
  /** How long a node may take to answer. @default UPSTREAM_TIMEOUT_MS (§9: 10 s) */
  timeoutMs?: number;
  /** Told about internal errors. @default console.error */
  log?: (message: string) => void;
};

export type RpcService = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** `<url>/v1?chainId=…&projectId=…`: one chain's RPC URL for a project. */
  urlFor(chainId: string, projectId: string): string;
  /** Stops listening and closes every connection; resolves once closed. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The public RPC service of §7 on 127.0.0.1: `POST /v1?chainId=<CAIP-2>&projectId=<id>` with a JSON-RPC 2.0 call or
 * a batch of up to {@link MAX_BATCH}, forwarded to the chain's node and answered as the node answered. Refusals are
 * JSON-RPC error objects: a chain it does not serve is 400 'Unsupported chain' (code {@link UNKNOWN_CHAIN_CODE});
 * a method outside {@link EVM_METHODS} on an EVM chain is 'Requested RPC call is not allowed' (-32601), per call;
 * a body that is not JSON 'Parse error' (-32700); a missing or unknown project 400/403. CORS is open (`*`).
 */
export declare function startRpc(options: StartRpcOptions): Promise<RpcService>;

/** @default 8793 (the CLI's port; FOYER_RPC_PORT moves it) */
export declare const DEFAULT_RPC_PORT: number;
/** §9: 1000 calls a batch. */
export declare const MAX_BATCH: number;
/** §9: 10 s. */
export declare const UPSTREAM_TIMEOUT_MS: number;
/** 1 MiB. */
export declare const MAX_BODY_BYTES: number;
/** 4902, §8's unknown-chain code. */
export declare const UNKNOWN_CHAIN_CODE: number;
/** The EVM methods passed on: reads, estimates, filters and signed transactions. */
export declare const EVM_METHODS: ReadonlySet<string>;
