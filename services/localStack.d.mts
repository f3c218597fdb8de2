import type { BlockchainApi } from './api/index.mjs'
import type { DevChainFixtures, DevChains } from './devchain/index.mjs'
import type { WalletDirectory } from './directory/index.mjs'
import type { IdentityProvider } from './identity/index.mjs'
import type { MailCatcher } from './mail/index.mjs'
import type { Database } from './storage/index.mjs'
import type { WalletService } from './wallet/index.mjs'

export interface LocalStackFixtures extends DevChainFixtures {
  /** `usdc`: the mint of the fixture SPL token USDC (6 decimals), 1000 of which the dev and test wallets hold. */
  solana: { rpcUrl: string; chainId: string; genesisHash: string; usdc: string }
  walletConnect: { relayUrl: string }
  /** `names`: whether the API keeps account names (the `names` option). */
  api: { url: string; names: boolean }
  directory: { url: string }
  /** With the `wallet` option: the wallet service as a browser should load it (`http://localhost:<port>`, another site than 127.0.0.1). */
  wallet?: { url: string }
  /** With the `wallet` option: the mail catcher's inbox and SMTP URL. */
  mail?: { url: string; smtpUrl: string }
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
  relay: { url: string; stop(): Promise<void> }
  api: BlockchainApi
  /** The wallet directory (`failNext` makes it answer errors, for tests). */
  directory: WalletDirectory
  /** With the `wallet` option. */
  wallet?: WalletService
  mail?: MailCatcher
  identity?: IdentityProvider
  /** The storage database, opened once for every durable service (with the `wallet` or `names` option). */
  database?: Database
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
  /** The embedded wallet, its mail catcher and the storage database; off unless asked for. @default false */
  wallet?: LocalWalletOptions | false
  /** Account names in the API (its profile calls), kept in the storage database; off unless asked for. @default false */
  names?: boolean
  /** The storage database's directory when `wallet.dataDir` does not say. @default FOYER_DATA_DIR, else '.foyer/data' */
  dataDir?: string
  fixturesPath?: string | false
  signal?: AbortSignal
}): Promise<LocalStack>
