/**
 * One balance of an account as a wallet reports it to `wallet_getAssets` (EIP-7811; rules §3 Asset). The embedded
 * wallet answers it with these fields.
 *
 * @example
 * const assets = (await provider.request({ method: 'wallet_getAssets', params: [{ account }] })) as Record<`0x${string}`, Asset[]>
 */
export interface Asset {
  /** The token's contract, or 'native' for the network's own currency. */
  address: 'native' | `0x${string}`
  /** In the token's smallest unit, as hex (`'0x4d2'`). */
  balance: `0x${string}`
  type: 'NATIVE' | 'ERC20'
  metadata: {
    name: string
    symbol: string
    decimals: number
    /** Per token, in the wallet's currency, when the wallet knows it (the embedded wallet does not). */
    price?: number
    /** balance × price, when known. */
    value?: number
    iconUrl?: string
  }
}
