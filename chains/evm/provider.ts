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

/** True for anything with a `request` function: all a provider must have. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}
