// `siweConfig` (the SIWE shape, EVM only) as the plugin's verifier (lazy).
import { UnsupportedChainError, type Kernel } from 'foyer'
import { SignInRefusedError } from './signIn.js'
import { buildSignInMessage } from './signInMessage.js'
import type { SiweConfig, SiwxConfig } from './types.js'

const evmChainId = (chainId: string) => {
  const [namespace, reference] = chainId.split(':')
  if (namespace !== 'eip155')
    throw new UnsupportedChainError({ details: '`siweConfig` signs in EVM accounts only; use `siwx` for others.' })
  return Number(reference)
}

/** Adapts a SIWE-shaped verifier: its nonce and message, its verification and its one session. */
export function fromSiweConfig(kernel: Kernel, config: SiweConfig): SiwxConfig {
  return {
    getNonce: ({ accountAddress }) => config.getNonce(accountAddress),
    async createMessage(input) {
      evmChainId(input.chainId)
      const message = buildSignInMessage(kernel, { ...input, nonce: await config.getNonce(input.accountAddress) })
      if (!config.createMessage) return message
      const { accountAddress, chainId, domain, uri, nonce, statement, resources, issuedAt, expirationTime } = message
      const serializedMessage = config.createMessage({
        address: accountAddress,
        chainId: evmChainId(chainId),
        domain,
        uri,
        version: '1',
        nonce,
        statement,
        resources,
        issuedAt,
        expirationTime,
      })
      return { ...message, serializedMessage }
    },
    async addSession({ message, signature }) {
      if (!(await config.verifyMessage({ message, signature }))) throw new SignInRefusedError('The signature was not accepted')
    },
    async getSessions(chainId, address) {
      const session = await config.getSession()
      const matches = session && `eip155:${session.chainId}` === chainId && session.address.toLowerCase() === address.toLowerCase()
      return matches ? [{ data: { accountAddress: session.address, chainId }, message: '', signature: '' }] : []
    },
    async revokeSession() {
      await config.signOut()
    },
  }
}
