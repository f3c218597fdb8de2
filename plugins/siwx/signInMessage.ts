// §3's sign-in message, written per chain (lazy): EIP-4361 for eip155 (viem/siwe), Sign In With Solana for solana
// (@solana/wallet-standard-util's text). Each format's code loads only for its chain.
import { UnsupportedChainError, type Kernel } from '../../kernel/index.js'
import type { SignInMessage } from './types.js'

type Fields = Omit<SignInMessage, 'serializedMessage'>

/**
 * The message for an account, with the verifier's nonce: this page's host and origin, the statement, issued now and
 * expiring after the plugin's `expiresInMs`.
 */
export async function buildSignInMessage(kernel: Kernel, input: { accountAddress: string; chainId: string; nonce: string }): Promise<SignInMessage> {
  const { statement, resources, expiresInMs } = kernel.store.getState().siwx
  const now = Date.now()
  const fields: Fields = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: location.host,
    uri: location.origin,
    version: '1',
    nonce: input.nonce,
    statement: statement ?? `Sign in to ${kernel.options.metadata?.name ?? location.host}.`,
    ...(resources && { resources }),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + expiresInMs).toISOString(),
  }
  return { ...fields, serializedMessage: await formatSignInMessage(fields) }
}

/** The text a wallet signs for these fields; 'Unsupported chain' (§8) for namespaces other than eip155 and solana. */
export async function formatSignInMessage(fields: Fields): Promise<string> {
  const [namespace, reference = ''] = fields.chainId.split(':')
  if (namespace === 'eip155') {
    const [{ createSiweMessage }, { getAddress }] = await Promise.all([import('viem/siwe'), import('viem')])
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
  if (namespace === 'solana') {
    const { createSignInMessageText } = await import('@solana/wallet-standard-util')
    return createSignInMessageText({
      domain: fields.domain,
      address: fields.accountAddress,
      statement: fields.statement,
      uri: fields.uri,
      version: '1',
      // The CAIP-2 reference; verifiers read it back as `solana:<reference>`.
      chainId: reference,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      notBefore: fields.notBefore,
      requestId: fields.requestId,
      resources: fields.resources ? [...fields.resources] : undefined,
    })
  }
  throw new UnsupportedChainError({ details: `Sign-in messages are written for eip155 and solana accounts, not ${namespace}.` })
}
