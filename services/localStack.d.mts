import type { BlockchainApi } from './api/index.mjs'
import type { Bundler } from './bundler/index.mjs'
import type { DirectoryFeatures } from './directory/index.mjs'
import type { DevChainFixtures, DevChains } from './devchain/index.mjs'
import type { WalletDirectory } from './directory/index.mjs'
import type { IdentityProvider } from './identity/index.mjs'
import type { MailCatcher } from './mail/index.mjs'
import type { LocalRelay } from './relay/index.mjs'
import type { RpcService } from './rpc/index.mjs'
import type { Database } from './storage/index.mjs'
import type { WalletService } from './wallet/index.mjs'

export interface LocalStackFixtures extends DevChainFixtures {
  /** `usdc`: the mint of the fixture SPL token USDC (6 decimals), 1000 of which the dev and test wallets hold. */
  solana: { rpcUrl: string; chainId: string; genesisHash: string; usdc: string }
  walletConnect: { relayUrl: string }
  /** `names`: whether the API keeps account names (the `names` option); `onramp`: whether it runs the on-ramp stand-ins. */
  api: { url: string; names: boolean; onramp: boolean }
  directory: { url: string }
  /** The public RPC service (§7): `<url>/v1?chainId=<CAIP-2>&projectId=…` reaches either anvil chain or the Solana node. */
  rpc: { url: string }
  /** With the `wallet` option: the wallet service as a browser should load it (`http://localhost:<port>`, another site than 127.0.0.1). */
  wallet?: { url: string }
  /** With the `wallet` option: the mail catcher's inbox and SMTP URL. */
  mail?: { url: string; smtpUrl: string }
  /** With the `bundler` option: each chain's ERC-4337 bundler URL, by chain id. */
  bundlers?: Record<string, string>
  /** With the `wallet` option: the local OpenID Connect provider behind the social logins (its issuer URL). */
  identity?: { url: string }
}

export interface LocalWalletOptions {
  /** The wallet service. @default 0 (a free port) */
  port?: number
  /** The mail catcher's SMTP side. @default 0 */
  smtpPort?: number
  /** The mail catcher's inbox. @default 0 */
  mailPort?: number
  /** The local OpenID Connect provider (social logins). @default 0 (a free port) */
  identityPort?: number
  /** The storage database and the wallet's master key file. @default FOYER_DATA_DIR, else '.foyer/data' */
  dataDir?: string
}

export interface LocalStack {
  devChains: DevChains
  solana: { url: string; stop(): Promise<void> }
  /** The WalletConnect relay (`dropAll` cuts every socket, for tests). */
  relay: LocalRelay
  api: BlockchainApi
  /** The wallet directory (`failNext` makes it answer errors, for tests). */
  directory: WalletDirectory
  /** The public RPC service in front of the chains. */
  rpc: RpcService
  /** With the `wallet` option. */
  wallet?: WalletService
  mail?: MailCatcher
  identity?: IdentityProvider
  /** The storage database, opened once for every durable service (with the `wallet`, `names`, `onramp` or `analytics` option). */
  database?: Database
  /** With the `bundler` option: one per chain, in the chains' order; otherwise empty. */
  bundlers: Bundler[]
  fixtures: LocalStackFixtures
  stop(): Promise<void>
}

export declare function startLocalStack(options?: {
  anvilPorts?: number[]
  solanaPort?: number
  relayPort?: number
  /** The blockchain data API. @default 0 (a free port) */
  apiPort?: number
  /** The wallet directory. @default 0 (a free port) */
  directoryPort?: number
  /** The public RPC service (§7). @default 0 (a free port) */
  rpcPort?: number
  /** The embedded wallet, its mail catcher and the storage database; off unless asked for. @default false */
  wallet?: LocalWalletOptions | false
  /** An ERC-4337 bundler (alto, on 127.0.0.1) per chain; off unless asked for. @default false */
  bundler?: boolean
  /** The bundlers' ports, one per chain (FOYER_BUNDLER_PORT, FOYER_BUNDLER_PORT_B under `npm start`). @default [0, 0] */
  bundlerPorts?: number[]
  /** Account names in the API (its profile calls), kept in the storage database; off unless asked for. @default false */
  names?: boolean
  /**
   * The on-ramp stand-ins (meld, coinbase) in the API: options, quotes, checkout pages, orders kept in the storage
   * database; a confirmed checkout is paid by the treasury (anvil #8; a Solana keypair of its own) on the local
   * chains. Off unless asked for. @default false
   */
  onramp?: boolean
  /**
   * The directory's analytics receiver: `GET /getAnalyticsConfig` answers on, `POST /e` keeps events in the storage
   * database; off unless asked for. @default false
   */
  analytics?: boolean
  /**
   * The project's remote features the directory serves, over the stack's own (`{ multiWallet: false }` turns
   * multi-wallet off). @default {} (all on; with the wallet, socials include Telegram)
   */
  features?: DirectoryFeatures
  /** The storage database's directory when `wallet.dataDir` does not say. @default FOYER_DATA_DIR, else '.foyer/data' */
  dataDir?: string
  fixturesPath?: string | false
  signal?: AbortSignal
}): Promise<LocalStack>
