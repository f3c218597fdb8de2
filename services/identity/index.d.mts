// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

/** 'google', 'x', 'discord', 'apple', 'github', 'facebook' (§5). */
export declare const OIDC_SOCIAL_PROVIDERS: readonly ['google', 'x', 'discord', 'apple', 'github', 'facebook'];
export type OidcSocialProvider = (typeof OIDC_SOCIAL_PROVIDERS)[number];
/** The local Telegram bot's token (`<bot id>:<secret>`): the stand-in signs with it, the wallet verifies with it. */
export declare const DEV_TELEGRAM_BOT_TOKEN: string;
/** 8792 (the CLI's; FOYER_IDENTITY_PORT moves it). */
export declare const DEFAULT_IDENTITY_PORT: number;

/** A provider's development client: `foyer-<provider>` and `foyer-dev-secret-<provider>`. */
export declare function devClientOf(provider: string): { clientId: string; clientSecret: string };

export type IdentityProvider = {
  /** The issuer, `http://127.0.0.1:<port>`; discovery at `/.well-known/openid-configuration`. */
  url: string;
  port: number;
  /** Stops listening and closes every connection. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) with one client per social provider, code flow with PKCE
 * required, and a branded sign-in page per provider that asks for a name (no password, no consent screen).
 * Development and tests only.
 */
export declare function startIdentityProvider(options: {
  /** Where every client may send the user back: the wallet service's `/social/callback`. */
  redirectUris: readonly string[];
  /** Signs the Telegram Login stand-in's results (`GET/POST /telegram/auth`). @default DEV_TELEGRAM_BOT_TOKEN */
  telegramBotToken?: string;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default console.error */
  log?: (message: string) => void;
}): Promise<IdentityProvider>;
