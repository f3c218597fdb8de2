// rules §3's sign-in message fields for this page (lazy). The text a wallet signs is the chain's to write: its signIn
// capability (EIP-4361 on eip155, Sign In With Solana on solana, a wallet's own sign-in where it has one).
import type { Kernel, SignInFields } from 'foyer'
import { STATEMENT } from 'foyer/protocol'

/**
 * The message for an account, with the verifier's nonce: this page's host and origin, the statement, issued now and
 * expiring after the plugin's `expiresInMs`.
 */
export function buildSignInMessage(kernel: Kernel, input: { accountAddress: string; chainId: string; nonce: string }): SignInFields {
  const { statement, resources, expiresInMs } = kernel.store.getState().siwx
  const now = Date.now()
  // A statement is printable ASCII (docs/sign-in.md): a name with other characters gives way to the host.
  const name = kernel.options.metadata?.name
  const signInTo = name !== undefined && STATEMENT.test(name) ? name : location.host
  return {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: location.host,
    uri: location.origin,
    version: '1',
    nonce: input.nonce,
    statement: statement ?? `Sign in to ${signInTo}.`,
    ...(resources && { resources }),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + expiresInMs).toISOString(),
  }
}
