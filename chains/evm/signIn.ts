// The EVM signIn capability's body (viem/siwe), loaded through import() on the first sign-in (style 3): rules §3's
// sign-in message as EIP-4361 text, signed with `personal_sign` by the connected wallet.
import { getAddress } from 'viem'
import { formatEip4361 } from 'foyer/protocol/evm'
import type { SignInFields, SignInMessage } from 'foyer'
import { UnsupportedChainError } from 'foyer'
import { connectedWallet, signWithWallet } from './client.js'
import type { EvmSession } from './session.js'

/**
 * EIP-4361 text for the sign-in fields, written by the grammar the verifier reads it with (docs/sign-in.md); the address in
 * its checksum form, as the standard wants it.
 */
export function formatSiweMessage(fields: SignInFields): string {
  const [namespace, reference] = fields.chainId.split(':')
  if (namespace !== 'eip155' || !reference) throw new UnsupportedChainError({ details: `'${fields.chainId}' is not an eip155 chain.` })
  return formatEip4361({
    domain: fields.domain,
    address: getAddress(fields.accountAddress),
    statement: fields.statement,
    uri: fields.uri,
    version: '1',
    chainId: reference,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
    requestId: fields.requestId,
    resources: fields.resources,
  })
}

/** The signIn capability: the message's text (its own, or EIP-4361 written here), signed by the connected wallet. */
export async function signIn(
  session: EvmSession | undefined,
  { message }: { message: SignInFields & { serializedMessage?: string } },
): Promise<{ message: SignInMessage; signature: string }> {
  const serializedMessage = message.serializedMessage ?? formatSiweMessage(message)
  const signature = await signWithWallet(connectedWallet(session), { address: message.accountAddress, message: serializedMessage })
  return { message: { ...message, serializedMessage }, signature }
}
