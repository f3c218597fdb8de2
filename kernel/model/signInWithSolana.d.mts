// Types for signInWithSolana.mjs (plain JavaScript, so the services run it on Node as it is). docs/sign-in.md has the rules.

/** A Sign In With Solana message's fields, exactly as written in it. */
export interface SignInWithSolanaFields {
  /** An RFC 3986 authority: `example.com`, `localhost:5173`. */
  domain: string
  /** The account's 32-byte public key in base58. */
  address: string
  /** One line of printable ASCII; may be empty. */
  statement?: string
  uri: string
  version: '1'
  /** A CAIP-2 reference (`devnet`, `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`) or the whole CAIP-2 id. */
  chainId: string
  /** At least 8 letters or digits. */
  nonce: string
  /** RFC 3339 date-times. */
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/** Whether `text`'s first line ends with Sign In With Solana's header. */
export declare function isSignInWithSolana(text: string): boolean

/** The fields of a Sign In With Solana message; throws `SignInSyntaxError` naming the line for anything its grammar refuses. */
export declare function parseSignInWithSolana(text: string): SignInWithSolanaFields

/** The Sign In With Solana text of `fields`; throws `SignInSyntaxError` for fields its grammar refuses. */
export declare function formatSignInWithSolana(fields: SignInWithSolanaFields): string
