// What the local stack set up: the chains and the fixture contracts on them, the services' URLs. The page's server
// hands them over at run time in /local-stack.js (vite.config.ts for `npm start`; the end-to-end tests and the
// benchmark serve their own), so that one build of the demo serves any stack.
declare global {
  interface Window {
    __FOYER_LOCAL_STACK__?: LocalStack
  }
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

const stack = window.__FOYER_LOCAL_STACK__
if (!stack) throw new Error('The demo needs the local stack: its addresses did not load from /local-stack.js. Run `npm start`.')

export const localChains = stack.chains

export const localSolana = stack.solana

export const localRelayUrl = stack.walletConnect?.relayUrl

export const localDirectoryUrl = stack.directory?.url

export const localApiUrl = stack.api?.url

/** The public RPC service's `/v1` URL (rules §7), which the chains read every network through. */
export const localRpcUrl = stack.rpc && `${stack.rpc.url}/v1`

/** The embedded wallet, when the stack runs it: the demo then offers email and social sign-in. */
export const localWalletUrl = stack.wallet?.url

/** Whether the stack's API registers account names (and keeps sign-in sessions: both need the storage database). */
export const localNames = stack.api?.names === true

/** Whether the stack's API runs the on-ramp stand-ins. */
export const localOnramp = stack.api?.onramp === true

/** anvil's first test key: public knowledge, funded only on the local chains. */
export const DEV_WALLET_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
