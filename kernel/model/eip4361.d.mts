// Types for eip4361.mjs (plain JavaScript, so the services run it on Node as it is). docs/sign-in.md has the rules.

/** An EIP-4361 message's fields, exactly as written in it. */
export interface Eip4361Fields {
  /** The origin's scheme, when the message names one (`https://example.com wants you to sign in…`). */
  scheme?: string
  /** An RFC 3986 authority: `example.com`, `localhost:5173`. */
  domain: string
  /** `0x` and 40 hex digits in their EIP-55 checksum form. */
  address: string
  /** One line of printable ASCII; may be empty. */
  statement?: string
  uri: string
  version: '1'
  /** Decimal digits (EIP-155). */
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

/** Whether `text`'s first line ends with EIP-4361's header. */
export declare function isEip4361(text: string): boolean

/** The fields of an EIP-4361 message; throws `SignInSyntaxError` naming the line for anything its grammar refuses. */
export declare function parseEip4361(text: string): Eip4361Fields

/** The EIP-4361 text of `fields`; throws `SignInSyntaxError` for fields its grammar refuses. */
export declare function formatEip4361(fields: Eip4361Fields): string
