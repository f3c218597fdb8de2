// The parts of the Wallet Standard (https://github.com/wallet-standard/wallet-standard) that the
// Solana chain uses, as structural types and guards. Wallets are objects any script on the page may
// register, so each one is checked before use; and owning these types keeps @wallet-standard/*
// out of the published declarations. No runtime imports: the manifest imports this file.

/** Wallet Standard feature: ask the wallet for accounts. */
export const STANDARD_CONNECT = 'standard:connect'
/** Wallet Standard feature: tell the wallet the site lets go. Optional. */
export const STANDARD_DISCONNECT = 'standard:disconnect'
/** Wallet Standard feature: the wallet reports changes (accounts, chains, features). Optional. */
export const STANDARD_EVENTS = 'standard:events'
/** Solana Wallet Standard feature: sign arbitrary bytes with an account's ed25519 key. */
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage'

/** Solana Wallet Standard feature: the wallet writes and signs a Sign In With Solana message itself. Optional. */
export const SOLANA_SIGN_IN = 'solana:signIn'

/** One account a wallet exposes to the site. */
export interface StandardWalletAccount {
  readonly address: string
  readonly publicKey: ArrayLike<number>
  /** Wallet Standard chain ids (`solana:mainnet`, `solana:devnet` …) the account is on. */
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** A registered wallet. */
export interface StandardWallet {
  readonly version: string
  readonly name: string
  readonly icon: string
  /** Wallet Standard chain ids the wallet supports. */
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  /** The accounts the site is allowed to see; empty until it connects. */
  readonly accounts: readonly StandardWalletAccount[]
}

export interface StandardConnectFeature {
  /** `silent`: only return accounts already authorized, never prompt (reconnecting, rules §4). */
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly StandardWalletAccount[] }>
}

export interface StandardDisconnectFeature {
  disconnect(): Promise<void>
}

/** What changed: only the properties present changed. */
export interface StandardChangeProperties {
  readonly accounts?: readonly StandardWalletAccount[]
  readonly chains?: readonly string[]
  readonly features?: Readonly<Record<string, unknown>>
}

export interface StandardEventsFeature {
  on(event: 'change', listener: (properties: StandardChangeProperties) => void): () => void
}

export interface SolanaSignMessageFeature {
  signMessage(
    ...inputs: ReadonlyArray<{ account: StandardWalletAccount; message: Uint8Array }>
  ): Promise<ReadonlyArray<{ signedMessage: Uint8Array; signature: Uint8Array; signatureType?: 'ed25519' }>>
}

/** What the site asks `solana:signIn` for: Sign In With Solana's fields (all optional in the standard). */
export interface SolanaSignInInput {
  readonly domain?: string
  readonly address?: string
  readonly statement?: string
  readonly uri?: string
  readonly version?: string
  readonly chainId?: string
  readonly nonce?: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}

export interface SolanaSignInFeature {
  signIn(
    ...inputs: readonly SolanaSignInInput[]
  ): Promise<ReadonlyArray<{ account: StandardWalletAccount; signedMessage: Uint8Array; signature: Uint8Array; signatureType?: 'ed25519' }>>
}

interface FeatureMethods {
  [STANDARD_CONNECT]: ['connect', StandardConnectFeature]
  [STANDARD_DISCONNECT]: ['disconnect', StandardDisconnectFeature]
  [STANDARD_EVENTS]: ['on', StandardEventsFeature]
  [SOLANA_SIGN_MESSAGE]: ['signMessage', SolanaSignMessageFeature]
  [SOLANA_SIGN_IN]: ['signIn', SolanaSignInFeature]
}

const METHODS: { [K in keyof FeatureMethods]: FeatureMethods[K][0] } = {
  [STANDARD_CONNECT]: 'connect',
  [STANDARD_DISCONNECT]: 'disconnect',
  [STANDARD_EVENTS]: 'on',
  [SOLANA_SIGN_MESSAGE]: 'signMessage',
  [SOLANA_SIGN_IN]: 'signIn',
}

/** A wallet's feature when it has the method Foyer calls, else undefined. */
export function featureOf<K extends keyof FeatureMethods>(wallet: StandardWallet, name: K): FeatureMethods[K][1] | undefined {
  const feature = wallet.features[name]
  if (typeof feature !== 'object' || feature === null) return undefined
  return typeof (feature as Record<string, unknown>)[METHODS[name]] === 'function' ? (feature as FeatureMethods[K][1]) : undefined
}

/**
 * True for a registered wallet Foyer can connect on Solana: a name, a `solana:` chain and the
 * `standard:connect` feature. Wallets for other chains registered through the same standard are
 * left to their own chain plugins.
 */
export function isSolanaWallet(value: unknown): value is StandardWallet {
  if (typeof value !== 'object' || value === null) return false
  const wallet = value as Partial<StandardWallet>
  return (
    typeof wallet.name === 'string' &&
    wallet.name.trim() !== '' &&
    Array.isArray(wallet.chains) &&
    wallet.chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) &&
    typeof wallet.features === 'object' &&
    wallet.features !== null &&
    Array.isArray(wallet.accounts) &&
    featureOf(wallet as StandardWallet, STANDARD_CONNECT) !== undefined
  )
}

/** The registry `getWallets()` from @wallet-standard/app returns: only the parts discovery reads. */
export interface StandardWallets {
  get(): readonly StandardWallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: StandardWallet[]) => void): () => void
}
