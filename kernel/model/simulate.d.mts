// Types for simulate.mjs (plain JavaScript, shared by the browser's previews and the services). docs/previews.md.

/** An EIP-1193 `request`: the wallet's provider, or a JSON-RPC client of the chain's node. */
export type SimulationRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>

/** One asset leaving or arriving: ETH (no token), an ERC-20 amount, an NFT by id. */
export interface AssetChange {
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155'
  /** The contract, lower case; absent for ETH. */
  token?: `0x${string}`
  /** ERC-721 and ERC-1155 only. */
  tokenId?: bigint
  /** In the token's smallest unit, always positive (the list it is in says which way it goes). */
  amount: bigint
  symbol: string
  decimals: number
}

/** An allowance the calls grant: `approve` (kind 'erc20') or `setApprovalForAll` (kind 'all', amount 1 or 0). */
export interface Allowance {
  kind: 'erc20' | 'all'
  token: `0x${string}`
  spender: `0x${string}`
  amount: bigint
  symbol: string
  decimals: number
  /** At least UNLIMITED_THRESHOLD, or every token of a collection. */
  unlimited: boolean
}

export type Simulation =
  | { status: 'ok'; outgoing: AssetChange[]; incoming: AssetChange[]; allowances: Allowance[] }
  | { status: 'reverts'; callIndex: number; reason: string }
  | { status: 'unavailable'; reason: string }

export interface SimulatedCall {
  to?: `0x${string}`
  value?: bigint
  data?: `0x${string}`
}

export declare const NATIVE_TRANSFER_ADDRESS: string
export declare const UNLIMITED_THRESHOLD: bigint

/** What `calls`, sent in order by `account`, would do; never throws ('unavailable' when the node cannot say). */
export declare function simulateCalls(options: {
  request: SimulationRequest
  account: `0x${string}`
  calls: ReadonlyArray<SimulatedCall>
}): Promise<Simulation>

/** A token's symbol and decimals as its contract answers them. */
export declare function readTokenMetadata(request: SimulationRequest, token: `0x${string}`): Promise<{ symbol: string; decimals: number }>

/** Why a simulated call failed, in words. */
export declare function revertReason(result: unknown): string
