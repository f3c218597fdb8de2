// Types for index.mjs.
import type { Address, Client, Hex, LocalAccount } from 'viem';
import type { SmartAccount } from 'viem/account-abstraction';

/** Anvil account #5: the bundler's executor (sends `handleOps`). Local chains only. */
export declare const BUNDLER_EXECUTOR: Readonly<{ address: Address; privateKey: Hex }>;
/** Anvil account #6: the bundler's utility wallet (deploys alto's simulations contract). Local chains only. */
export declare const BUNDLER_UTILITY: Readonly<{ address: Address; privateKey: Hex }>;

export type Bundler = {
  /** The bundler's JSON-RPC endpoint, `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The alto process. */
  pid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (SIGKILL after 5 s), then waits for the exit. */
  stop: () => Promise<void>;
};

export type StartBundlerOptions = {
  /** The dev chain's JSON-RPC URL. */
  rpcUrl: string;
  entryPoint: Address;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** Named when the port is taken. @default 'FOYER_BUNDLER_PORT' */
  portEnv?: string;
  /** @default 60000 */
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** Alto on 127.0.0.1 against one dev chain, resolved once it answers `eth_supportedEntryPoints` with `entryPoint`. */
export declare function startBundler(options: StartBundlerOptions): Promise<Bundler>;

/**
 * The FoyerAccount (SimpleAccount v0.8 with ERC-1271) `owner` controls, at its counterfactual address until its first
 * user operation. Its messages and typed data verify against the account's address (ERC-1271; ERC-6492 while it is
 * not deployed).
 */
export declare function toFoyerAccount(options: { client: Client; owner: LocalAccount; salt?: bigint; factory?: Address }): Promise<SmartAccount>;

/** The EIP-712 message the owner signs so that `account` vouches for `hash` (FoyerAccount.replaySafeHash). */
export declare function replaySafeTypedData(
  account: Address,
  chainId: number,
  hash: Hex,
): {
  domain: { name: 'FoyerAccount'; version: '1'; chainId: number; verifyingContract: Address };
  types: { FoyerAccountMessage: readonly [{ name: 'hash'; type: 'bytes32' }] };
  primaryType: 'FoyerAccountMessage';
  message: { hash: Hex };
};
