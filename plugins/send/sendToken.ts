import { isValidAddress, normalizeAddress, selectActiveConnection, AddressOrAuthConnectorNotFoundError, UnsupportedChainError } from 'foyer'
import type { CaipNetworkId, Kernel } from 'foyer'
import { viewTexts } from './texts.js'
import { resetSendForm, updateSendState } from './sendState.js'
import { SendValidationError, validateSend, type SendAsset } from './validateSend.js'

export interface SendTokenParameters {
  /** The token to send; absent `address` means the native coin. */
  token?: SendAsset
  /** Decimal text, e.g. '1.5'. */
  amount: string
  /** The receiver's address on the connected namespace. */
  to: string
  /** The balance of `token` in the smallest unit; when given, a larger amount is refused before signing. */
  balance?: bigint
}

export interface SendTokenReturnType {
  hash: string
  namespace: string
  networkId: CaipNetworkId
}

export type SendTokenErrorType = SendValidationError | UnsupportedChainError | AddressOrAuthConnectorNotFoundError | Error

/** What 'send:initiated' and 'send:succeeded' carry; `event` is the rules §4 tracking name. */
export interface SendEventPayload {
  event: 'SEND_INITIATED' | 'SEND_SUCCESS'
  namespace: string
  networkId: CaipNetworkId
  symbol: string
  /** Decimal text, as sent. */
  amount: string
  /** Set on SEND_SUCCESS. */
  hash?: string
}

/**
 * Sends the native coin or a token from the connected account (rules §4): checks the form (rules §5 wording),
 * sends through the connected chain's transfer capability ('Unsupported chain' where there is none), turns the form's `loading` on,
 * emits 'send:initiated' (SEND_INITIATED), lets the chain's transfer capability sign and wait for
 * the network, emits 'send:succeeded' (SEND_SUCCESS), 'transaction:sent' and 'balances:changed', and resets the form.
 * A failure leaves the form as it was.
 *
 * @throws {SendValidationError} 'An amount and receiver address are required', 'A token is required' …
 * @throws {UnsupportedChainError} on a chain without the transfer capability.
 * @example
 * const { hash } = await sendToken(kernel, { token: { symbol: 'ETH', decimals: 18 }, amount: '0.1', to: '0x…' })
 */
export async function sendToken(kernel: Kernel, params: SendTokenParameters): Promise<SendTokenReturnType> {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  if (!connection?.address || !connection.networkId) throw new AddressOrAuthConnectorNotFoundError()
  const { namespace, networkId, address: from } = connection
  // rules §4: 'Unsupported chain' wherever the chain offers no transfer (today's chains: eip155 and solana).
  const capability = kernel.chains.get(namespace)?.capabilities?.transfer
  if (!capability) throw new UnsupportedChainError({ details: `The ${namespace} chain cannot transfer.` })

  const checked = validateSend(
    { token: params.token, sendTokenAmount: params.amount, receiverAddress: params.to },
    { isAddress: (address) => isValidAddress(kernel, namespace, address), balance: params.balance },
  )
  if ('error' in checked) throw new SendValidationError(checked.error, viewTexts[checked.error])
  const { token, amount } = checked
  const to = normalizeAddress(kernel, namespace, params.to)
  const base = { namespace, networkId, symbol: token.symbol, amount: params.amount.trim() }

  updateSendState(kernel, { loading: true })
  try {
    kernel.bus.emit('send:initiated', { ...base, event: 'SEND_INITIATED' })
    const { hash } = await capability.transfer(kernel, {
      from,
      to,
      amount,
      token: token.address ? { address: token.address, decimals: token.decimals, symbol: token.symbol } : undefined,
      networkId,
    })
    kernel.bus.emit('send:succeeded', { ...base, event: 'SEND_SUCCESS', hash })
    // Activity lists it at once, pending until the data service has indexed it.
    kernel.bus.emit('transaction:sent', {
      hash,
      networkId,
      from,
      to,
      operationType: 'send',
      transfers: [{ direction: 'out', symbol: token.symbol, numeric: base.amount }],
    })
    kernel.bus.emit('balances:changed', {})
    resetSendForm(kernel)
    return { hash, namespace, networkId }
  } finally {
    updateSendState(kernel, { loading: false })
  }
}
