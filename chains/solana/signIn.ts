// The Solana signIn capability's body, loaded through import() on the first sign-in (style 3): the wallet's own
// `solana:signIn` when it offers it (the wallet writes the Sign In With Solana text, shows it as a sign-in, and
// signs it), otherwise the text written here and signed through `solana:signMessage`.
import { getBase58Decoder } from '@solana/kit'
import { deriveSignInMessageText } from '@solana/wallet-standard-util'
import { formatSignInWithSolana } from 'foyer/protocol'
import type { SignInFields, SignInMessage } from 'foyer'
import { AddressOrAuthConnectorNotFoundError, UnsupportedChainError } from 'foyer'
import { connectedWallet, signMessage } from './client.js'
import { SOLANA_NAMESPACE, type SolanaSession } from './session.js'
import { featureOf, SOLANA_SIGN_IN, type SolanaSignInInput } from './walletStandard.js'

/** The wallet signed in with another account, or signed a message that is not the one asked for. */
export class SignInMismatchError extends Error {
  override name = 'SignInMismatchError'
}

/** Sign In With Solana's fields for rules §3's: the chain id is the CAIP-2 reference, as verifiers read it back. */
export function toSignInInput(fields: SignInFields): SolanaSignInInput & { domain: string; address: string } {
  return {
    domain: fields.domain,
    address: fields.accountAddress,
    statement: fields.statement,
    uri: fields.uri,
    version: fields.version,
    chainId: chainReference(fields.chainId),
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
    requestId: fields.requestId,
    resources: fields.resources ? [...fields.resources] : undefined,
  }
}

/** The CAIP-2 reference of a solana chain id (`solana:devnet` → `devnet`). */
function chainReference(chainId: string): string {
  const [namespace, reference] = chainId.split(':')
  if (namespace !== SOLANA_NAMESPACE || !reference) throw new UnsupportedChainError({ details: `'${chainId}' is not a solana chain.` })
  return reference
}

/** Sign In With Solana text for the sign-in fields, written by the grammar the verifier reads it with (docs/sign-in.md). */
export function formatSiwsMessage(fields: SignInFields): string {
  const { accountAddress, chainId, statement, resources, requestId, expirationTime, notBefore } = fields
  return formatSignInWithSolana({
    domain: fields.domain,
    address: accountAddress,
    uri: fields.uri,
    version: '1',
    chainId: chainReference(chainId),
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(statement !== undefined && { statement }),
    ...(expirationTime !== undefined && { expirationTime }),
    ...(notBefore !== undefined && { notBefore }),
    ...(requestId !== undefined && { requestId }),
    ...(resources !== undefined && { resources }),
  })
}

/** The signIn capability. */
export async function signIn(
  session: SolanaSession | undefined,
  { message }: { message: SignInFields & { serializedMessage?: string } },
): Promise<{ message: SignInMessage; signature: string }> {
  const wallet = connectedWallet(session)
  const feature = featureOf(wallet, SOLANA_SIGN_IN)
  // A host's own text can only be signed as it is.
  if (!feature || message.serializedMessage !== undefined) {
    const serializedMessage = message.serializedMessage ?? formatSiwsMessage(message)
    const signature = await signMessage(session, { address: message.accountAddress, message: serializedMessage })
    return { message: { ...message, serializedMessage }, signature }
  }
  const input = toSignInInput(message)
  const [output] = await feature.signIn(input)
  if (!output) throw new AddressOrAuthConnectorNotFoundError({ details: `The wallet '${wallet.name}' signed nothing.` })
  // Checked as views, not with instanceof: a wallet's Uint8Array may come from another realm.
  const { signedMessage, signature } = output as { signedMessage: unknown; signature: unknown }
  if (!ArrayBuffer.isView(signedMessage) || !ArrayBuffer.isView(signature) || signature.byteLength !== 64) {
    throw new Error(`The wallet '${wallet.name}' returned no signed sign-in message.`)
  }
  const signedBytes = new Uint8Array(signedMessage.buffer, signedMessage.byteOffset, signedMessage.byteLength)
  // The wallet writes the text: it must be this account's, with every field asked for, and nothing else.
  if (
    output.account?.address !== message.accountAddress ||
    deriveSignInMessageText(input, { signedMessage: signedBytes } as Parameters<typeof deriveSignInMessageText>[1]) === null
  ) {
    throw new SignInMismatchError(`The wallet '${wallet.name}' signed a message other than the sign-in asked for.`)
  }
  const serializedMessage = new TextDecoder().decode(signedBytes)
  return {
    message: { ...message, serializedMessage },
    signature: getBase58Decoder().decode(new Uint8Array(signature.buffer, signature.byteOffset, signature.byteLength)),
  }
}
