import type { BlockchainApi } from './api/index.mjs'
import type { DevChainFixtures, DevChains } from './devchain/index.mjs'
import type { WalletDirectory } from './directory/index.mjs'

export interface LocalStackFixtures extends DevChainFixtures {
  /** `usdc`: the mint of the fixture SPL token USDC (6 decimals), 1000 of which the dev and test wallets hold. */
  solana: { rpcUrl: string; chainId: string; genesisHash: string; usdc: string }
  walletConnect: { relayUrl: string }
  api: { url: string }
  directory: { url: string }
}

export interface LocalStack {
  devChains: DevChains
  solana: { url: string; stop(): Promise<void> }
  relay: { url: string; stop(): Promise<void> }
  api: BlockchainApi
  /** The wallet directory (`failNext` makes it answer errors, for tests). */
  directory: WalletDirectory
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
  fixturesPath?: string | false
  signal?: AbortSignal
}): Promise<LocalStack>
