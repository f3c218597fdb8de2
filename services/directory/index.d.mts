// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

/**
 * §3's wallet directory entry, plus the badge and the popularity rank. Names and links are data from the
 * directory: untrusted by the modal (DESIGN: security rules).
 */
export type WalletEntry = {
  /** The slug of the wallet's name when it was added (`trust-wallet`); kept when the wallet is renamed. */
  id: string;
  name: string;
  /** For `GET /getWalletImage/{image_id}`: 32 hex digits of sha256 over the name, so it changes with the name. */
  image_id: string;
  /** EIP-6963 reverse-DNS id (`io.metamask`), or null when unknown. */
  rdns: string | null;
  /** CAIP-2 ids of the networks the wallet offers. */
  chains: string[];
  /**
   * The base the modal appends `wc?uri=<pairing uri>` to: an app scheme (`trust://`, `okex://main/`) or an https
   * universal link ending in `/`; '' when unknown.
   */
  mobile_link: string;
  /** Same rule as mobile_link, for a desktop app; '' when unknown. */
  desktop_link: string;
  /** An https link to the web wallet; '' when there is none. */
  webapp_link: string;
  /** 'certified': a widely used wallet whose rdns and links were checked (Foyer's curation). */
  badge_type: 'certified' | 'none';
  /** Popularity rank, 1 first: the list order, and the first 4 are the recommended wallets (§9). */
  order: number;
};

/** A wallet for the `wallets` option: id and name, the rest filled as {@link normalizeWallets} says. */
export type WalletInput = Pick<WalletEntry, 'id' | 'name'> & Partial<Omit<WalletEntry, 'id' | 'name'>>;

/** The remote project configuration (kernel/features.ts): a flag left out is on; socials default to all providers. */
export type DirectoryFeatures = Partial<
  Record<'email' | 'swaps' | 'onramp' | 'activity' | 'branding' | 'multiWallet', boolean>
> & {
  socials?: readonly string[] | false;
};

export type StartDirectoryOptions = {
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The projects it serves; any other projectId gets 403. @default any well-formed project id */
  projectIds?: readonly string[];
  /**
   * `GET /projects/v1/origins`. `*` may stand for a host's first label (`https://*.example.com`) or the port
   * (`http://127.0.0.1:*`). @default DEFAULT_ALLOWED_ORIGINS
   */
  allowedOrigins?: readonly string[];
  /** `GET /appkit/v1/config`. @default every remote feature on */
  features?: DirectoryFeatures;
  /** `GET /getAnalyticsConfig`'s isAnalyticsEnabled, and whether `POST /e` is served. @default false */
  analytics?: boolean;
  /** Where `POST /e` keeps the events (schema `analytics`); required with `analytics: true`. */
  database?: import('../storage/index.mjs').Database;
  /** Served instead of the catalogue; checked like it (a bad entry throws a TypeError naming the field). */
  wallets?: readonly WalletInput[];
  /** Told about internal errors. @default console.error */
  log?: (message: string) => void;
};

export type WalletDirectory = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /**
   * The next `count` requests (preflights aside) answer `status` (400-599) with `{ error }`; 429 also carries
   * `retry-after: 1`. Replaces a failure still pending. @param count default 1; Infinity fails every request
   */
  failNext(status: number, count?: number): void;
  /**
   * The next `count` requests (preflights aside) wait `ms` before they are handled (Infinity: until released).
   * Replaces a delay still pending; `count` 0 lets every waiting request go on now. @default count 1
   */
  delayNext(ms: number, count?: number): void;
  /** The analytics events kept for a project, oldest first (empty without `analytics`). */
  analyticsEvents(projectId: string): Promise<AnalyticsEvent[]>;
  /** Stops listening and closes every connection; resolves once closed. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The wallet directory of §7 on 127.0.0.1. Every call needs `projectId`, `st` (client type) and `sv` (client
 * version): missing or malformed is 400, an unknown project 403, always with `{ error: message }`.
 *
 * - `GET /getWallets?page&entries&search&badge_type&include&exclude&chains` → `{ data: WalletEntry[], count }`
 * - `GET /getWalletImage/{image_id}`, `/public/getAssetImage/{id}`, `/public/getCurrencyImage/{id}`,
 *   `/public/getTokenImage/{id}` → generated SVG
 * - `GET /appkit/v1/config` → `{ features: [{ id, isEnabled, config? }] }`
 * - `GET /projects/v1/origins` → `{ allowedOrigins }`; `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`
 * - with `analytics`: `POST /e` with one event or a list of up to {@link MAX_EVENTS_PER_BATCH}, the body JSON
 *   (any content type; the modal sends text/plain) → 202 `{ received, added }`; 403 when the `Origin` header is
 *   missing or not an allowed origin; an event id already kept is not kept twice
 *
 * CORS is open (`*`): it serves public data only.
 */
export declare function startDirectory(options?: StartDirectoryOptions): Promise<WalletDirectory>;

/** @default 8788 (the CLI's port; FOYER_DIRECTORY_PORT moves it) */
export declare const DEFAULT_DIRECTORY_PORT: number;
/** §9: 40 entries a page. */
export declare const DEFAULT_ENTRIES: number;
/** §9: 100, the search page; no page is larger. */
export declare const MAX_ENTRIES: number;
/** `['http://localhost:*', 'http://127.0.0.1:*']` */
export declare const DEFAULT_ALLOWED_ORIGINS: readonly string[];
/** The feature ids `/appkit/v1/config` answers, in the kernel's names. */
export declare const REMOTE_FEATURE_IDS: readonly string[];
/** The social providers the socials feature may list (§9). */
export declare const SOCIAL_PROVIDERS: readonly string[];

/** One analytics event (§7 `POST /e`). */
export type AnalyticsEvent = {
  /** 8 to 64 letters, digits, '-' or '_' (the modal sends a UUID); unique per project. */
  eventId: string;
  /** The page's http(s) URL. */
  url: string;
  /** The page's host name. */
  domain: string;
  /** Milliseconds since 1970. */
  timestamp: number;
  /** `{ type: 'track', event: 'MODAL_OPEN', properties? }`, at most 4096 bytes as JSON. */
  props: { event: string } & Record<string, unknown>;
};

/** Events one `POST /e` may carry (100). */
export declare const MAX_EVENTS_PER_BATCH: number;
/** The `analytics` schema's migrations. */
export declare const ANALYTICS_MIGRATIONS: readonly import('../storage/index.mjs').Migration[];
/** The committed catalogue (wallets.json), checked; in rank order. */
export declare function loadCatalogue(): WalletEntry[];
/** The catalogue built from buildCatalogue.mjs's table: what wallets.json must hold. */
export declare function buildCatalogue(table?: string): WalletEntry[];
/** Checks wallets and fills defaults (image id from the name, `order` = position); throws a TypeError on a bad one. */
export declare function normalizeWallets(list: unknown, source?: string): WalletEntry[];
/** The slug of a name: `D'CENT Wallet` → `d-cent-wallet`. */
export declare function walletId(name: string): string;
/** 32 hex digits of sha256 over the name (and the icon generator's version). */
export declare function imageIdFor(name: string): string;
/** A wallet's generated icon: initials on a colour from a hash of the name; the name is escaped. */
export declare function walletImageSvg(name: string): string;
/** A generated circle with the first characters of `id`. */
export declare function symbolImageSvg(kind: 'asset' | 'currency' | 'token', id: string): string;
