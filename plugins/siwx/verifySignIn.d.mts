// Types for verifySignIn.mjs (plain JavaScript, so the reference verifier in services/ runs it on Node as it is).

/** Why a sign-in was refused. */
export type SignInRefusal = 'malformed' | 'domain' | 'uri' | 'expired' | 'not-yet-valid' | 'chain' | 'signature' | 'nonce'

/** The sign-in message, as read from its text (docs/sign-in.md). Times are ISO 8601 in UTC, as `Date.toISOString` writes them. */
export interface SignInMessageFields {
  namespace: 'eip155' | 'solana'
  accountAddress: string
  /** The origin's scheme, when an EIP-4361 message names one (`https://example.com wants you to sign in…`). */
  scheme?: string
  /** CAIP-2: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  /** The authority that asks (`example.com`, `localhost:5173`). */
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  /** The text that was signed. */
  serializedMessage: string
}

export interface VerifySignInParameters {
  /** The signed text. */
  message: string
  /** EVM: 0x-hex (any length: smart accounts sign in their own formats). Solana: the ed25519 signature in base58. */
  signature: string
  /** Origins the domain and URI must belong to (`https://example.com`, `https://*.example.com`, `http://localhost:*`). */
  allowedOrigins: readonly string[]
  /** The clock expiry and not-before are checked against. @default new Date() */
  now?: Date
  /**
   * A node per CAIP-2 chain id: with one, EVM signatures of smart accounts verify too (ERC-1271, ERC-6492 through an
   * `eth_call`); without, only EOAs. @default {}
   */
  rpcUrls?: Readonly<Record<string, string>>
  /** When given, only these CAIP-2 chains are accepted. */
  chains?: readonly string[]
  /** Called last, once everything else holds: true when the nonce was issued, is unexpired and is now used up. */
  consumeNonce?: (nonce: string, fields: SignInMessageFields) => boolean | Promise<boolean>
}

/** Why a sign-in was refused: `reason` is stable, the message is for logs. */
export declare class SignInRefusedError extends Error {
  readonly name: 'SignInRefusedError'
  readonly reason: SignInRefusal
  constructor(reason: SignInRefusal, message: string)
}

/** The fields of a sign-in message; throws `SignInRefusedError('malformed')` naming the line for anything its grammar refuses. */
export declare function parseSignInMessage(message: string): SignInMessageFields

/** Checks a signed sign-in message; resolves with its fields or throws `SignInRefusedError`. */
export declare function verifySignIn(parameters: VerifySignInParameters): Promise<SignInMessageFields>

/** Base58 text to bytes; undefined for anything that is not base58. */
export declare function decodeBase58(text: string): Uint8Array | undefined
