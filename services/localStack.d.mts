import type { BlockchainApi } from './api/index.mjs'
import type { DevChainFixtures, DevChains } from './devchain/index.mjs'

export interface LocalStackFixtures extends DevChainFixtures {
  solana: { rpcUrl: string; chainId: string; genesisHash: string }
  walletConnect: { relayUrl: string }
  api: { url: string }
}

export interface LocalStack {
  devChains: DevChains
  solana: { url: string; stop(): Promise<void> }
  relay: { url: string; stop(): Promise<void> }
  api: BlockchainApi
  fixtures: LocalStackFixtures
  stop(): Promise<void>
}

export declare function startLocalStack(options?: {
  anvilPorts?: number[]
  solanaPort?: number
  relayPort?: number
  /** The blockchain data API. @default 0 (a free port) */
  apiPort?: number
  fixturesPath?: string | false
  signal?: AbortSignal
}): Promise<LocalStack>
