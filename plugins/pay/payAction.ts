// `pay(kernel, params)`: the host's call. Checks the parameters, shows the Pay view and waits for its answer;
// emits pay:started, then pay:succeeded or pay:failed. Ships with the manifest: the view and the paying load later.
import { isFeatureEnabled, type Kernel } from 'foyer'
import { InvalidPayParametersError, parsePayParameters, type PayParameters, type PayResult } from './payParameters.js'

export type PayReturnType = PayResult
export type PayErrorType = InvalidPayParametersError | Error

/**
 * Asks the visitor to pay `amount` of `asset` to `recipient`, from the connected wallet (through Send) or from an
 * exchange. Resolves with `{ status: 'success', hash, via }` once the payment is confirmed; rejects with the reason
 * when the parameters are wrong, the visitor closes the modal ('Modal closed') or the payment fails.
 *
 * @example
 * const { hash } = await pay(kernel, { recipient: '0x…', amount: '10', asset: 'eip155:1/erc20:0xA0b86991…' })
 */
export async function pay(kernel: Kernel, params: PayParameters): Promise<PayReturnType> {
  if (!isFeatureEnabled(kernel.store.getState().features.flags, 'pay')) {
    throw new InvalidPayParametersError('Pay is off (rules §9): set `features: { pay: true }` in createKernel')
  }
  if (!kernel.views.get('Pay')) throw new InvalidPayParametersError('Pay needs payPlugin() and send() in `plugins`')
  const asset = parsePayParameters(params)
  const started = { recipient: params.recipient, amount: params.amount, asset: params.asset }
  kernel.bus.emit('pay:started', started)
  try {
    const result = await kernel.router.request('Pay', { ...params, ...(params.metadata && { metadata: { ...params.metadata } }) })
    kernel.bus.emit('pay:succeeded', { ...started, hash: result.hash, via: result.via, networkId: asset.networkId })
    return result
  } catch (reason) {
    kernel.bus.emit('pay:failed', { ...started, message: reason instanceof Error ? reason.message.split('\n')[0]! : String(reason) })
    throw reason
  }
}
