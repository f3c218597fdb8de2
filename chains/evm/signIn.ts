// The EVM signIn capability's body (viem/siwe), loaded through import() on the first sign-in (STYLE 3): §3's
// sign-in message as EIP-4361 text, signed with `personal_sign` by the connected wallet.
import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { SignInFields, SignInMessage } from '../../kernel/core/chain.js'
import { UnsupportedChainError } from '../../kernel/core/errors/catalogue.js'
import { connectedWallet, signWithWallet } from './client.js'
import type { EvmSession } from './session.js'

/** EIP-4361 text for §3's fields; the address in its checksum form, as the standard wants it. */
export function formatSiweMessage(fields: SignInFields): string {
  const [namespace, reference] = fields.chainId.split(':')
  if (namespace !== 'eip155' || !reference) throw new UnsupportedChainError({ details: `'${fields.chainId}' is not an eip155 chain.` })
  return createSiweMessage({
    address: getAddress(fields.accountAddress),
    chainId: Number(reference),
    domain: fields.domain,
    uri: fields.uri,
    version: '1',
    nonce: fields.nonce,
    statement: fields.statement,
    resources: fields.resources ? [...fields.resources] : undefined,
    requestId: fields.requestId,
    issuedAt: new Date(fields.issuedAt),
    expirationTime: fields.expirationTime ? new Date(fields.expirationTime) : undefined,
    notBefore: fields.notBefore ? new Date(fields.notBefore) : undefined,
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
