// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).
import type { Address, EncodedAccount, Signature } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

/** base58 of sha256('foyer-local-solana-genesis'): what the local node answers to `getGenesisHash`. */
export declare const LOCAL_GENESIS_HASH: string;
/** `solana:` and the first 32 characters of {@link LOCAL_GENESIS_HASH} (CAIP-2). */
export declare const LOCAL_SOLANA_CHAIN_ID: `solana:${string}`;
/** @default 8899 */
export declare const DEFAULT_SOLANA_RPC_PORT: number;

/** `getVersion`'s `solana-core`. */
export declare const LOCAL_SOLANA_CORE_VERSION: string;
/** `getVersion`'s `feature-set`. */
export declare const LOCAL_FEATURE_SET: number;
/** JSON-RPC code of a transaction refused by preflight; `error.data` is the simulation result. */
export declare const SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002;
/** Largest request body accepted (1 MiB); a larger one gets -32600 with HTTP 413. */
export declare const MAX_BODY_BYTES: number;
/** Blocks a blockhash stays valid for. */
export declare const BLOCKHASH_VALIDITY: number;
/** Fee per signature, in lamports. */
export declare const LAMPORTS_PER_SIGNATURE: bigint;

export declare const TOKEN_PROGRAM_ADDRESS: Address<'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'>;
export declare const TOKEN_2022_PROGRAM_ADDRESS: Address<'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'>;

/** The demo's dev wallet. PUBLIC TEST MATERIAL. */
export declare const DEV_WALLET_ADDRESS: Address;
/** 64 bytes (seed, then public key); `createKeyPairSignerFromBytes(new Uint8Array(DEV_WALLET_KEYPAIR))`. */
export declare const DEV_WALLET_KEYPAIR: readonly number[];
/** A second funded account for tests. PUBLIC TEST MATERIAL. */
export declare const TEST_WALLET_ADDRESS: Address;
export declare const TEST_WALLET_KEYPAIR: readonly number[];
/** What the CLI gives each dev key: 1000 SOL. */
export declare const DEV_FUNDING_LAMPORTS: bigint;

/**
 * The fixture SPL token 'USDC' (classic SPL Token program, 6 decimals, mint authority the dev wallet): its mint
 * address, fixed across restarts because the mint account is created from {@link LOCAL_USDC_MINT_KEYPAIR}.
 */
export declare const LOCAL_USDC_MINT: Address;
/** The fixture USDC mint's 64-byte keypair (seed, then public key). PUBLIC TEST MATERIAL. */
export declare const LOCAL_USDC_MINT_KEYPAIR: readonly number[];
/** The fixture USDC's decimals: 6. */
export declare const LOCAL_USDC_DECIMALS: number;
/** What {@link mintFixtureTokens} gives each holder by default: 1000 USDC (1_000_000_000 base units). */
export declare const FIXTURE_TOKEN_AMOUNT: bigint;

export type MintFixtureTokensOptions = {
  /** base58 owners; each gets its associated token account (created if missing). Duplicates count once. */
  holders: readonly string[];
  /** Base units minted to each holder. @default FIXTURE_TOKEN_AMOUNT (1000 USDC) */
  amount?: bigint | number;
};

export type FixtureTokens = {
  /** {@link LOCAL_USDC_MINT} */
  mint: Address;
  /** {@link LOCAL_USDC_DECIMALS} */
  decimals: number;
  /** Each holder's associated token account, by holder. */
  tokenAccounts: Record<string, Address>;
  /** The confirmed transactions, in order. */
  signatures: Signature[];
};

/**
 * Creates the fixture USDC mint at {@link LOCAL_USDC_MINT} (unless it exists) with the dev wallet as mint authority
 * and fee payer, then mints `amount` to each holder's associated token account, through the node's JSON-RPC.
 * Resolves once every transaction is confirmed; rejects with an Error naming the failed step otherwise.
 * The dev wallet must be funded first.
 *
 * @example
 * const node = await startSolanaRpc({ port: 0, fund: [{ address: DEV_WALLET_ADDRESS, lamports: DEV_FUNDING_LAMPORTS }] });
 * await mintFixtureTokens(node.url, { holders: [DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS] });
 */
export declare function mintFixtureTokens(rpcUrl: string, options: MintFixtureTokensOptions): Promise<FixtureTokens>;

/** Thrown by {@link startSolanaRpc} when the port is taken: the stack's one PortInUseError, under this module's name. */
export { PortInUseError as SolanaPortInUseError } from '../listen.mjs';

/** A transaction error in RPC JSON form: `'BlockhashNotFound'`, `{ InstructionError: [0, { Custom: 1 }] }`, … */
export type RpcTransactionError = string | { [variant: string]: unknown };

export type SignatureStatus = { slot: bigint; err: RpcTransactionError | null };

export type ExecutionResult = {
  err: RpcTransactionError | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: { programId: string; data: Uint8Array } | null;
  innerInstructions: Array<{
    index: number;
    instructions: Array<{ programIdIndex: number; accounts: number[]; data: string; stackHeight: number }>;
  }>;
  postAccounts: EncodedAccount[];
};

/** A decoded wire transaction, as @solana/kit's `getTransactionDecoder()` returns it. */
export type WireTransaction = { messageBytes: Uint8Array; signatures: Record<string, Uint8Array | null> };

/** One LiteSVM plus slots, block height, a blockhash window and signature statuses. */
export type LocalLedger = {
  readonly svm: LiteSVM;
  readonly slot: bigint;
  readonly blockHeight: bigint;
  readonly transactionCount: bigint;
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint };
  isBlockhashValid(blockhash: string): boolean;
  signatureStatus(signature: string): SignatureStatus | undefined;
  simulateTransaction(
    transaction: WireTransaction,
    options?: { sigVerify?: boolean; replaceRecentBlockhash?: boolean },
  ): ExecutionResult;
  sendTransaction(
    transaction: WireTransaction,
    options?: { preflight?: boolean },
  ): { committed: true; signature: string; result: ExecutionResult } | { committed: false; result: ExecutionResult };
  airdrop(address: Address, lamports: bigint): { signature: string } | { error: RpcTransactionError; logs: string[] };
};

/** A fresh ledger over a new LiteSVM (builtins, sysvars, SPL Token, Token-2022 and ATA programs). */
export declare function createLocalLedger(): LocalLedger;

export type StartSolanaRpcOptions = {
  /** 0 picks a free port. @default 8899 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Airdropped before the node listens. */
  fund?: ReadonlyArray<{ address: string; lamports: bigint | number }>;
  /** Named in the error when the port is taken. @default 'FOYER_SOLANA_PORT' */
  portEnv?: string;
  /** Told about internal errors (a method that threw unexpectedly). @default console.error */
  log?: (message: string) => void;
};

export type SolanaRpcNode = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The LiteSVM behind the node, for direct setup in tests. */
  svm: LiteSVM;
  ledger: LocalLedger;
  /** Stops listening and closes every connection; resolves once closed. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Solana's JSON-RPC (the subset @solana/kit's `createSolanaRpc` needs for balances, transfers and SPL
 * tokens) over one LiteSVM, on 127.0.0.1. CORS-open; every malformed body gets a JSON-RPC error.
 */
export declare function startSolanaRpc(options?: StartSolanaRpcOptions): Promise<SolanaRpcNode>;
