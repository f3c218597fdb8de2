// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).
import type { Hono, MiddlewareHandler } from 'hono';
import type { Mailer } from '../mail/index.mjs';
import type { Database } from '../storage/index.mjs';

export type WalletAppOptions = {
  /** Migrated at creation (schema `wallet`); the caller opens and closes it. */
  database: Database;
  mailer: Mailer;
  /** 32 bytes: {@link loadMasterKey}. Every user's keys are sealed under keys derived from it. */
  masterKey: Buffer;
  /** The wallet directory, asked for `/projects/v1/origins` (cached 60 s). */
  directoryUrl: string;
  /**
   * EVM networks and the RPC the service uses for each (never a URL from the page); with `bundlerUrl` (an ERC-4337
   * bundler for EntryPoint v0.8), every user also has a smart account there, the default account type (§6).
   */
  evm?: readonly { chainId: number; rpcUrl: string; bundlerUrl?: string }[];
  /** Solana networks (`solana:<genesis hash prefix>`) and their RPC. */
  solana?: readonly { chainId: string; rpcUrl: string }[];
  /**
   * The OpenID Connect providers users may sign in with (social login), by provider: the issuer (discovery at
   * `/.well-known/openid-configuration`; plain http only on loopback) and the client registered there, whose
   * redirect URI is `<wallet origin>/social/callback`. A provider left out answers `SOCIAL_NOT_CONFIGURED`.
   * @default {}
   */
  social?: Partial<Record<SocialProvider, { issuer: string; clientId: string; clientSecret: string }>>;
  /**
   * Telegram Login (a full-page redirect that comes back to the host page with `result_uri`): the bot token that
   * signs results (`<bot id>:<secret>`) and the login page (`https://oauth.telegram.org/auth`, or the local
   * stand-in's `/telegram/auth`). Off when left out.
   */
  telegram?: { botToken: string; loginUrl: string };
  /**
   * Sign In With Farcaster: the relay whose channel API the wallet opens channels on, the fid a custody address owns
   * (Farcaster's IdRegistry on Optimism in production), and an EVM RPC for viem's signature check. Off when left out.
   */
  farcaster?: { relayUrl: string; rpcUrl: string; getFid: (custody: `0x${string}`) => Promise<bigint> };
  /** The wallet's origin as browsers see it, behind a proxy. @default the request's origin */
  publicOrigin?: string;
  /**
   * Lists of the operator's own projects whose visitors keep one wallet across the list (the same email or social
   * account, the same keys and addresses on each). Every other project has wallets of its own, so sites cannot
   * link a visitor by address. A project may be in one list only. `FOYER_WALLET_SHARED_PROJECTS` in the CLI.
   * @default []
   */
  sharedWallets?: readonly (readonly string[])[];
  /** Milliseconds; for tests. @default Date.now */
  now?: () => number;
  /** How long APP_CONNECT_DEVICE waits for the mailed link. @default 110000 */
  deviceWaitMs?: number;
  /** @default 604800 (a week) */
  sessionTtlSeconds?: number;
  /**
   * Each client's budget (by socket address) for each code, login and registration message and for the device
   * link: past it, 429 `RATE_LIMITED` 'Please try again after N seconds' with `retryAfter`. `false` turns it off.
   * @default { limit: 60, windowMs: 60000 }
   */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** @default console.error */
  log?: (message: string) => void;
  /**
   * Runs before the backend's routes (`/v1/*`, the frame's calls), after the origin check: a test switch that makes
   * them slow or fail (startWallet's `delayNext` and `failNext`). The frame's pages are never held.
   */
  backendFaults?: MiddlewareHandler;
};

/** The wallet service's Hono app (frame page, frame script, device pages, the frame's backend); see PROTOCOL.md. */
export declare function createWalletApp(options: WalletAppOptions): Promise<Hono>;

export type WalletService = {
  url: string;
  port: number;
  /**
   * The frame's next `count` backend calls (`/v1/*`) wait `ms` before they are handled (Infinity: until released),
   * for trying the modal's §9 timeouts; the frame page still loads. Replaces a delay still pending; `count` 0 lets
   * every waiting call go on now. @default count 1
   */
  delayNext(ms: number, count?: number): void;
  /** The frame's next `count` backend calls answer `status` (400-599) with `{ error }`. @default count 1 */
  failNext(status: number, count?: number): void;
  stop(): Promise<void>;
};

/** Serves {@link createWalletApp} with mail over `smtpUrl` (nodemailer). */
export declare function startWallet(
  options: Omit<WalletAppOptions, 'mailer' | 'masterKey'> & {
    /** 0 picks a free port. @default 0 */
    port?: number;
    /** @default '127.0.0.1' */
    host?: string;
    /** `FOYER_SMTP_URL`: `smtp://user:pass@host:587` or `smtps://…` */
    smtpUrl: string;
    /** @default 'Foyer Wallet <wallet@localhost>' */
    mailFrom?: string;
    /** @default FOYER_WALLET_MASTER_KEY, else the 0600 file in dataDir */
    masterKey?: Buffer;
    /** @default FOYER_DATA_DIR, else '.foyer/data' */
    dataDir?: string;
  },
): Promise<WalletService>;

/** FOYER_WALLET_MASTER_KEY (64 hex digits) when given, else `<dataDir>/wallet-master.key`, created 0600 on first use. */
export declare function loadMasterKey(options: { fromEnv: string | undefined; dataDir: string }): Buffer;
export { originMatches } from '../http/index.mjs';

/** §5: the providers that sign in through OpenID Connect. */
export declare const SOCIAL_PROVIDERS: readonly ['google', 'github', 'apple', 'facebook', 'x', 'discord'];
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** 8790 */
export declare const DEFAULT_WALLET_PORT: number;
/** '4' (§9) */
export declare const FRAME_VERSION: string;
/** 'wallet-master.key' */
export declare const MASTER_KEY_FILE: string;
/** 10 minutes. */
export declare const CODE_TTL_MS: number;
/** 30 s (§5). */
export declare const MAIL_COOLDOWN_MS: number;
/** 5 */
export declare const MAX_TRIES: number;
export declare const SAFE_EVM_METHODS: ReadonlySet<string>;
export declare const SAFE_SOLANA_METHODS: ReadonlySet<string>;
export declare const UNSAFE_METHODS: ReadonlySet<string>;
/** §9: at most this many requests of one user wait for approval at once. */
export declare const PENDING_TRANSACTIONS_LIMIT: 99;
/** 'foyer_session' */
export declare const SESSION_COOKIE: string;
/** 'foyer_device' */
export declare const DEVICE_COOKIE: string;
