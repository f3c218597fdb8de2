// Types for permits.mjs (plain JavaScript, shared by the browser's previews and the services). docs/previews.md.

/** What a signed permit lets `spender` do: spend `amount` of `token` (smallest units) until `expires`. */
export interface PermitAllowance {
  standard: 'erc2612' | 'permit2'
  /** Lower case. */
  token: `0x${string}`
  spender: `0x${string}`
  amount: bigint
  /** At least UNLIMITED_THRESHOLD (uint160's maximum, Permit2's "forever"). */
  unlimited: boolean
  /** Unix seconds: the permit's deadline or the allowance's expiration. */
  expires?: number
  owner?: `0x${string}`
}

/** The allowances an EIP-712 message grants if it is a known permit, else undefined. */
export declare function decodePermit(typedData: {
  domain?: unknown
  primaryType?: string
  message?: unknown
}): PermitAllowance[] | undefined
