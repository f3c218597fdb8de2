// Types for signInGrammar.mjs (plain JavaScript, so the services run it on Node as it is). docs/sign-in.md has the rules.

/** A sign-in message its grammar refuses; `line` is the 1-based line at fault, when one is. */
export declare class SignInSyntaxError extends Error {
  readonly name: 'SignInSyntaxError'
  readonly line: number | undefined
  constructor(line: number | undefined, message: string)
}

export interface FieldRule {
  label: string
  key: string
  required: boolean
  check(value: string): string | undefined
}

export declare const PCHARS: RegExp
export declare const NONCE: RegExp
export declare const STATEMENT: RegExp
export declare function isScheme(text: string): boolean
/** RFC 3986 `URI`. */
export declare function isUri(text: string): boolean
/** RFC 3986 `authority`. */
export declare function isAuthority(text: string): boolean
/** The instant of an RFC 3339 date-time in ms since 1970; undefined for anything else or a day that does not exist. */
export declare function dateTimeInstant(text: string): number | undefined
export declare function readFields(lines: readonly string[], start: number, rules: readonly FieldRule[]): Record<string, string | string[]>
export declare function describe(line: string | undefined): string
export declare const checks: Record<'uri' | 'version' | 'nonce' | 'dateTime' | 'requestId', (value: string) => string | undefined>
export declare function fieldRules(chainId: (value: string) => string | undefined): FieldRule[]
export declare function writeFields(fields: Record<string, unknown>, rules: readonly FieldRule[]): string[]
export declare function checkReadsBack(fields: Record<string, unknown>, parsed: Record<string, unknown>): void
/** Base58 text to bytes; undefined for anything that is not base58. */
export declare function decodeBase58(text: string): Uint8Array | undefined
