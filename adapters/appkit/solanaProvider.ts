// What useAppKitProvider('solana') gives an AppKit app: AppKit's Solana provider shape (`signMessage` over bytes) on
// the Wallet Standard wallet Foyer connected. AppKit's transaction methods take @solana/web3.js objects, which Foyer
// does not use: an app sends through the wallet itself (`wallet`), docs/migrating/appkit.md says how.

/** The parts of a Wallet Standard wallet this provider reads; the wallet is the page's, checked at each use. */
interface SolanaStandardWallet {
  readonly name: string
  readonly icon?: string
  readonly accounts: readonly { readonly address: string }[]
  readonly features: Readonly<Record<string, unknown>>
}

interface SignMessageFeature {
  signMessage(...inputs: { account: unknown; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]>
}

/** AppKit's Solana provider, as much of it as Foyer honours. */
export interface AppKitSolanaProvider {
  readonly name: string
  readonly icon?: string
  /** The connected account's address (base58). */
  readonly address: string
  /** The Wallet Standard wallet itself, for what AppKit's provider does with @solana/web3.js objects. */
  readonly wallet: unknown
  /** Signs `message`'s bytes with the connected account's key: the 64-byte ed25519 signature. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
}

/** The provider over `wallet`, signing as `address`. */
export function solanaProviderOf(wallet: SolanaStandardWallet, address: string): AppKitSolanaProvider {
  return {
    name: wallet.name,
    ...(wallet.icon && { icon: wallet.icon }),
    address,
    wallet,
    async signMessage(message) {
      const feature = wallet.features['solana:signMessage'] as SignMessageFeature | undefined
      if (typeof feature?.signMessage !== 'function') throw new Error(`The wallet '${wallet.name}' cannot sign messages.`)
      // The feature wants the wallet's own account object, not a copy.
      const account = wallet.accounts.find((candidate) => candidate.address === address)
      if (!account) throw new Error(`The wallet '${wallet.name}' no longer shows ${address}.`)
      const [output] = await feature.signMessage({ account, message })
      const signature: unknown = output?.signature
      if (!ArrayBuffer.isView(signature) || signature.byteLength !== 64)
        throw new Error(`The wallet '${wallet.name}' returned no ed25519 signature.`)
      return new Uint8Array(signature.buffer, signature.byteOffset, signature.byteLength)
    },
  }
}
