import type { Kernel } from '../core/createKernel.js'
import { AddressOrAuthConnectorNotFoundError, UnsupportedChainError } from '../core/errors/catalogue.js'
import { selectActiveConnection } from '../core/connection.js'

export interface SignMessageParameters {
  message: string
  /** @default the namespace the Account view shows */
  namespace?: string
}

export interface SignMessageReturnType {
  signature: string
  address: string
  namespace: string
}

/**
 * Asks the connected wallet to sign a text message (`personal_sign` on EVM, `solana_signMessage`
 * on Solana). Throws 'Address or auth connector not found' when nobody is connected and
 * 'Unsupported chain' when the chain cannot sign.
 *
 * @example
 * const { signature } = await signMessage(kernel, { message: 'Hello from the demo' })
 */
export async function signMessage(kernel: Kernel, { message, namespace }: SignMessageParameters): Promise<SignMessageReturnType> {
  const state = kernel.store.getState().connection
  const connection = namespace ? state.namespaces[namespace] : selectActiveConnection(state)
  const target = namespace ?? state.activeNamespace
  if (!target || connection?.status !== 'connected' || !connection.address) throw new AddressOrAuthConnectorNotFoundError()
  const capability = kernel.chains.require(target).capabilities?.signMessage
  if (!capability) throw new UnsupportedChainError({ details: `The ${target} chain cannot sign messages.` })
  const signature = await capability.signMessage(kernel, { address: connection.address, message })
  return { signature, address: connection.address, namespace: target }
}
