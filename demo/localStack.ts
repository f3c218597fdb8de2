// What `npm start` set up: the local chains and the fixture contracts on them. vite.config.ts
// reads them from the file the stack wrote and hands them over at build time.
declare const __FOYER_LOCAL_STACK__: LocalStack
/** The embedded wallet's URL when the stack runs it, else null: a build-time constant (vite.config.ts). */
declare global {
  const __FOYER_WALLET_URL__: string | null
  /** Whether the stack's API registers account names: a build-time constant (vite.config.ts). */
  const __FOYER_NAMES__: boolean
  /** Whether the stack's API runs the on-ramp stand-ins: a build-time constant (vite.config.ts). */
  const __FOYER_ONRAMP__: boolean
}

export interface LocalChain {
  rpcUrl: string
  usdc: string
  usdt: string
  nft: string
}

/** The local Solana node (litesvm behind JSON-RPC). */
export interface LocalSolana {
  rpcUrl: string
  /** CAIP-2: `solana:` and the first 32 characters of the genesis hash. */
  chainId: string
  genesisHash: string
}

export interface LocalStack {
  chains: Record<string, LocalChain>
  solana: LocalSolana
  /** The local WalletConnect relay (services/dev/relay). */
  walletConnect?: { relayUrl: string }
  /** The wallet directory (services/directory). */
  directory?: { url: string }
  /** The blockchain API (services/api); `names` when it registers account names, `onramp` when it sells crypto. */
  api?: { url: string; names?: boolean; onramp?: boolean }
  /** The embedded wallet (services/wallet), on its own site: the secure frame behind email sign-in. */
  wallet?: { url: string }
  /** The public RPC service (services/rpc) in front of the chains. */
  rpc?: { url: string }
  /** The mail catcher's inbox (services/dev/mail), where the sign-in codes arrive. */
  mail?: { url: string }
}

export const localChains = __FOYER_LOCAL_STACK__.chains

export const localSolana = __FOYER_LOCAL_STACK__.solana

export const localRelayUrl = __FOYER_LOCAL_STACK__.walletConnect?.relayUrl

export const localDirectoryUrl = __FOYER_LOCAL_STACK__.directory?.url

export const localApiUrl = __FOYER_LOCAL_STACK__.api?.url

/** The public RPC service's `/v1` URL (rules §7), which the chains read every network through. */
export const localRpcUrl = __FOYER_LOCAL_STACK__.rpc && `${__FOYER_LOCAL_STACK__.rpc.url}/v1`

export const localWalletUrl = __FOYER_WALLET_URL__ ?? undefined

/** anvil's first test key: public knowledge, funded only on the local chains. */
export const DEV_WALLET_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
