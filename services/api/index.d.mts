// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).
import type { Address, Hex, PublicClient } from 'viem';

/** The CLI's port. @default 8789 */
export declare const DEFAULT_API_PORT: number;
/** Largest POST body accepted (64 KiB). */
export declare const MAX_BODY_BYTES: number;
/** Transactions per history page. */
export declare const HISTORY_PAGE_SIZE: 20;
/** Largest `addresses` list of `POST /v1/fungible/price`. */
export declare const MAX_PRICE_ADDRESSES: number;
/** The zone registered names end in unless `nameZone` says otherwise: 'foyer.id'. */
export declare const DEFAULT_NAME_ZONE: string;
/** How old a name registration message may be: 600 seconds. */
export declare const MESSAGE_MAX_AGE_S: number;
/** The origins sign-in messages may name unless `allowedOrigins` says otherwise: any port of localhost and 127.0.0.1. */
export declare const DEFAULT_SIGN_IN_ORIGINS: readonly string[];
/** How long an issued sign-in nonce stays valid: 10 minutes. */
export declare const NONCE_TTL_MS: number;
/** The `sessions` schema's migrations (services/storage). */
export declare const SESSIONS_MIGRATIONS: readonly import('../storage/index.mjs').Migration[];
/** The `names` schema's migrations (services/storage). */
export declare const NAMES_MIGRATIONS: readonly import('../storage/index.mjs').Migration[];
/** ENSIP-11: an EVM chain's coin type, `0x80000000 | chainId` (Ethereum: 60). */
export declare function coinTypeOfChain(chainId: number): number;
/** USD prices used unless `prices` names the same key: ETH 3000, USDC 1, USDT 1, USDTS 1, SOL 150. */
export declare const DEFAULT_PRICES: Readonly<Record<string, number>>;

export type NativeCurrency = { name: string; symbol: string; decimals: number };

export type ApiChain = {
  chainId: number;
  /** http(s) */
  rpcUrl: string;
  /** @default 'eip155' */
  namespace?: 'eip155';
  /** @default { name: 'Ether', symbol: 'ETH', decimals: 18 } */
  nativeCurrency?: NativeCurrency;
  /**
   * A Uniswap V2 Router02 on this chain: the convert calls (§7 swaps) are answered from its pools. Only on the swap
   * networks (SWAP_NETWORKS); elsewhere they answer 'Network not supported for Swaps'. @default none
   */
  amm?: { router: string };
};

/** CAIP-2 ids of the networks swaps are offered on (plugins/swaps/swapNetworks.json: SPEC §6's 12 and the local chains). */
export declare const SWAP_NETWORKS: readonly string[];
/** The convert calls' id of a network's native coin: `0xeeee…eeee`. */
export declare const NATIVE_TOKEN: string;
/** Uniswap V2's output formula (0.3 % fee), as UniswapV2Library.getAmountOut. */
export declare function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint;

/** How the API names an SPL token. */
export type SolanaToken = { mint: string; symbol: string; name: string };

export type ApiSolana = {
  /** http(s) */
  rpcUrl: string;
  /** CAIP-2 (`solana:…`) */
  chainId: string;
  /**
   * How to name SPL tokens, by mint; each mint once. A mint not listed still shows, as 'Unknown token' with its
   * first four characters and '…' as symbol ('EPjF…'), priced only if `prices` lists its CAIP-10 id or mint.
   * @default []
   * @example [{ mint: LOCAL_USDC_MINT, symbol: 'USDC', name: 'USD Coin' }]
   */
  tokens?: readonly SolanaToken[];
};

export type ApiOnramp = {
  /** Where orders are kept (schema `onramp`, migrated at start), so a restart loses none. The caller opens and closes it. */
  database: import('../storage/index.mjs').Database;
  /** Chains of `chains` the providers pay on: ETH, and USDC from this fixture token (FixtureToken's storage layout). */
  evm: ReadonlyArray<{ chainId: number; usdc: string }>;
  /**
   * SOL on `solana` is sold whenever `solana` is set; the SPL USDC of `usdcMint` too when its mint authority's 64-byte
   * keypair is given (the treasury mints what it sells, as the token's issuer). @default SOL only
   */
  solana?: { usdcMint?: string; mintAuthority?: readonly number[] };
  /** The EVM treasury's key. @default anvil account #8's (ONRAMP_TREASURY) */
  treasuryKey?: Hex;
};

/** Anvil account #8: the on-ramp treasury on the local EVM chains. Local chains only. */
export declare const ONRAMP_TREASURY: Readonly<{ address: Address; privateKey: Hex }>;
/** §1: the on-ramp providers and their fee in hundredths of a percent: meld 100 (1 %), coinbase 200 (2 %). */
export declare const ONRAMP_PROVIDERS: Readonly<{ meld: number; coinbase: number }>;
/** §9's limits the stand-ins apply: card 10.00 to 7500.00, ach_bank_account 10.00 to 25000.00. */
export declare const PAYMENT_METHOD_LIMITS: ReadonlyArray<{ id: string; min: string; max: string }>;
/** The `onramp` schema's migrations (services/storage). */
export declare const ONRAMP_MIGRATIONS: readonly import('../storage/index.mjs').Migration[];

export type StartApiOptions = {
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The EVM chains to index. */
  chains?: ApiChain[];
  /** A Solana node for SOL and SPL token balances (SPL Token and Token-2022). */
  solana?: ApiSolana;
  /** USD by symbol ('USDC'), address ('0x…') or CAIP-10 id, over DEFAULT_PRICES. */
  prices?: Record<string, number>;
  /** `GET /v1/identity/{address}` answers, by EVM address (any case); a name registered through the profile calls wins. */
  identities?: Record<string, { name?: string | null; avatar?: string | null }>;
  /**
   * Where account names (schema `names`) and sign-in nonces and sessions (schema `sessions`) are kept, migrated at
   * start. With it the service answers the profile calls of §7 (register, look up, reverse, suggestions; and
   * `/v1/identity` returns registered names) and the sign-in calls (`/v1/sessions…`); without it they are 404. The
   * caller opens and closes it.
   */
  database?: import('../storage/index.mjs').Database;
  /** The suffix every registered name ends in (§9: one fixed zone). @default 'foyer.id' */
  nameZone?: string;
  /**
   * FoyerNameResolver contracts (services/devchain) on chains of `chains`, with their owner's key: each name is
   * written there as it is registered, and every name again at start, so viem's `getEnsName` / `getEnsAddress` /
   * `getEnsText('avatar')` resolve them (the chain's `contracts.ensUniversalResolver`). A failed write is logged;
   * the database stays the authority. @default []
   */
  nameResolvers?: ReadonlyArray<{ chainId: number; address: Address; privateKey: Hex }>;
  /**
   * The origins a project's sign-in messages may name as domain and URI (`https://example.com`,
   * `https://*.example.com`, `http://localhost:*`), or a lookup per project id. @default DEFAULT_SIGN_IN_ORIGINS
   */
  allowedOrigins?: readonly string[] | ((projectId: string) => Promise<readonly string[]>);
  /**
   * The on-ramp stand-ins, providers meld (1 % fee) and coinbase (2 %): `GET /v1/onramp/options`,
   * `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`, `GET /v1/onramp/orders/{id}`, the checkout pages
   * (`/onramp/checkout/{id}`) and the history's `onramp` parameter. A confirmed checkout is paid by the treasury on
   * the local chain. Without it those calls are 404. @default none
   */
  onramp?: ApiOnramp;
  /** The clock registration and sign-in messages are checked against (their timestamps are seconds). @default Date.now */
  now?: () => number;
  /** Token contracts (plain or CAIP-10) flagged as spam. None by default. */
  spamTokens?: readonly string[];
  /** The projects it serves; others get 403. @default any project id */
  projectIds?: readonly string[];
  /** How often each chain's head is checked. @default 500 */
  pollingIntervalMs?: number;
  /**
   * Each client's budget (by socket address) on each sign-in and name registration route (`POST /v1/sessions/nonce`,
   * `/v1/sessions`, `/v1/sessions/{id}/revoke`, `/v1/profile/account`): past it, 429 with `retry-after`. `false`
   * turns it off. @default { limit: 60, windowMs: 60000 }
   */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Told about internal errors and indexing failures. @default console.error */
  log?: (message: string) => void;
};

export type IndexedTransfer = {
  kind: 'native' | 'erc20' | 'erc721';
  token?: Address;
  from: Address;
  to: Address;
  /** Base units; 1 for an ERC-721 token. */
  amount: bigint;
  tokenId?: bigint;
  /** -1 for the transaction's own value. */
  logIndex: number;
};

export type IndexedTransaction = {
  /** CAIP-2 */
  chainId: string;
  hash: Hex;
  blockNumber: number;
  index: number;
  /** Seconds. */
  timestamp: number;
  from: Address;
  /** The contract created, for a deployment. */
  to: Address | null;
  status: 'confirmed' | 'failed';
  transfers: IndexedTransfer[];
};

export type TokenInfo = { kind: 'erc20' | 'erc721'; address: Address; name: string | null; symbol: string | null; decimals: number };

export type ChainIndexer = {
  /** `eip155:<id>` */
  readonly chainId: string;
  readonly rpcUrl: string;
  readonly nativeCurrency: NativeCurrency;
  readonly client: PublicClient;
  /** Whether the index reached the head at least once since it started (or since the chain went back). */
  readonly synced: boolean;
  /** The last block indexed, -1 before the first. */
  readonly height: number;
  start(): void;
  stop(): void;
  /** Reads up to the current head; one pass at a time. Rejects when the node cannot be reached. */
  sync(): Promise<void>;
  /** Oldest first. */
  transactionsOf(account: string): readonly IndexedTransaction[];
  /** The ERC-20 contracts the account ever sent or received. */
  tokensOf(account: string): Address[];
  tokenInfo(address: Address): Promise<TokenInfo>;
  nftInfo(address: Address, tokenId: bigint): Promise<{ name: string | null; image: string | null }>;
};

/** One EVM chain's in-memory index (started by startApi; exported for tools and tests). */
export declare function createChainIndexer(options: {
  chainId: number;
  rpcUrl: string;
  nativeCurrency?: NativeCurrency;
  pollingIntervalMs?: number;
  log?: (message: string) => void;
}): ChainIndexer;

export type BlockchainApi = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  indexer: {
    /** By CAIP-2 id. */
    chains: Record<string, ChainIndexer>;
    /** Resolves once every chain is indexed up to its current head. */
    sync(): Promise<void>;
  };
  /** The next `count` requests (preflights aside) answer `status` (400-599); 429 adds `retry-after: 1`. @default count 1 */
  failNext(status: number, count?: number): void;
  /**
   * The next `count` requests (preflights aside) wait `ms` before they are handled (Infinity: until released): a
   * slow service. Replaces a delay still pending; `count` 0 lets every waiting request go on now. @default count 1
   */
  delayNext(ms: number, count?: number): void;
  /** Stops indexing and listening; resolves once closed. Safe to call twice. */
  stop(): Promise<void>;
};

/** Starts the blockchain data service (§7) and resolves once it listens; indexing runs in the background. */
export declare function startApi(options?: StartApiOptions): Promise<BlockchainApi>;

/** The USD price of a token by CAIP-10 id, address or symbol; 0 when unlisted. */
export declare function createPriceTable(
  prices?: Record<string, number>,
): (token: { chainId: string; address?: string; symbol: string | null }) => number;

/** Name and image of ERC-721 metadata in a data: URI (nothing is fetched). */
export declare function parseTokenUri(uri: string): { name: string | null; image: string | null };

/** A generated SVG icon for a token symbol, as a data: URL. */
export declare function tokenIconUrl(symbol: string): string;
