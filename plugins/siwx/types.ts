// The shapes a host's verifier deals in. Types only: nothing here runs.

import type { SignInFields, SignInMessage } from 'foyer'

/** rules §3's sign-in message (the kernel's type: chains write and sign it). */
export type { SignInFields, SignInMessage }

/** Whose message to make. */
export interface SignInMessageInput {
  accountAddress: string
  /** CAIP-2 */
  chainId: string
}

/** A signed-in account as the verifier keeps it. */
export interface SiwxSession {
  /** The message's fields; a verifier that keeps less (the SIWE shape) gives at least the account and chain. */
  data: Partial<SignInMessage> & SignInMessageInput
  message: string
  signature: string
}

/**
 * A host's own verifier (the `siwx` option). Each call may throw; a throw from `addSession` shows as a refusal in the
 * sign-in view.
 *
 * @example
 * siwx({ siwx: { getNonce, addSession, getSessions, revokeSession } })
 */
export interface SiwxConfig {
  /** A fresh single-use nonce (at least 8 letters or digits) from the verifier. */
  getNonce(input: SignInMessageInput): Promise<string>
  /**
   * The message's fields, when the host chooses them itself (and its text, when it writes that too: it is then signed
   * as it is); otherwise the plugin makes them, with `getNonce`, and the chain writes the text.
   */
  createMessage?(input: SignInMessageInput): Promise<SignInFields & { serializedMessage?: string }>
  /** Verifies the signed message and keeps the session; throws when the verifier refuses it. */
  addSession(session: SiwxSession): Promise<void>
  /** The account's live sessions on that chain; none means the visitor is asked to sign in. */
  getSessions(chainId: string, address: string): Promise<readonly SiwxSession[]>
  /** Ends the account's sessions on that chain. */
  revokeSession(chainId: string, address: string): Promise<void>
}

/** The fields an EIP-4361 message is made of, as `siweConfig.createMessage` receives them. */
export interface SiweMessageArgs {
  address: string
  chainId: number
  domain: string
  uri: string
  version: '1'
  nonce: string
  statement?: string
  resources?: readonly string[]
  issuedAt: string
  expirationTime?: string
}

/**
 * The shape of hosts coming from SIWE (the `siweConfig` option): EVM accounts only, one session at a time.
 *
 * @example
 * siwx({ siweConfig: { getNonce, verifyMessage, getSession, signOut } })
 */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  /** Writes the message; the plugin writes EIP-4361 itself when absent. */
  createMessage?(args: SiweMessageArgs): string
  /** True when the signature is the address's and the verifier kept the session. */
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  /** The signed-in account, or null. */
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
}
