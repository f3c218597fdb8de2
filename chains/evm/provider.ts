// EIP-1193 as wallets implement it. No viem here: the manifest imports this file.

/** The events an EIP-1193 provider emits that Foyer listens to. */
export interface Eip1193Events {
  accountsChanged: (accounts: readonly string[]) => void
  chainChanged: (chainId: string) => void
  disconnect: (error?: unknown) => void
}

/**
 * An EIP-1193 provider, as a wallet injects or announces it. `on` and `removeListener` are
 * optional: a provider without them simply reports no changes.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?<E extends keyof Eip1193Events>(event: E, listener: Eip1193Events[E]): unknown
  removeListener?<E extends keyof Eip1193Events>(event: E, listener: Eip1193Events[E]): unknown
}

/** EIP-1193's code for "the visitor rejected the request". */
export const USER_REJECTED_CODE = 4001

/** EIP-3326's code for "the wallet does not know this chain; add it first". */
export const UNRECOGNIZED_CHAIN_CODE = 4902

/** True for anything with a `request` function: all a provider must have. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

/**
 * True when a wallet error carries `code`. Some wallets (MetaMask Mobile through its SDK, several
 * WalletConnect wallets) wrap the real error and put its code at `data.originalError.code`.
 */
export function hasWalletErrorCode(error: unknown, code: number): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code: own, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } | null }
  return own === code || (typeof data === 'object' && data !== null && data.originalError?.code === code)
}

/**
 * The CAIP-2 id of an EIP-155 chain id as wallets report it: hex (`'0x1'`, the standard), decimal
 * text or a number (older wallets). Undefined for anything else.
 *
 * @example
 * toEvmNetworkId('0xa') // 'eip155:10'
 */
export function toEvmNetworkId(chainId: unknown): `eip155:${number}` | undefined {
  const id =
    typeof chainId === 'number'
      ? chainId
      : typeof chainId === 'string' && /^0x[0-9a-f]+$/i.test(chainId)
        ? Number.parseInt(chainId, 16)
        : typeof chainId === 'string' && /^\d+$/.test(chainId)
          ? Number(chainId)
          : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? `eip155:${id}` : undefined
}
