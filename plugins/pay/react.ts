// `usePay`: the React side of the pay plugin, an entry of its own ('foyer/plugins/pay/react') so the manifest
// imports no React (style 3).
import { useCallback, useState } from 'react'
import { useKernel } from 'foyer/react'
import { pay } from './payAction.js'
import type { PayParameters, PayResult } from './payParameters.js'

export interface UsePayReturnType {
  /** Starts a payment; resolves with its result, rejects with the reason (also in `error`). */
  pay(params: PayParameters): Promise<PayResult>
  /** 'idle', 'pending' while the Pay view is open, then 'success' or 'error'. */
  status: 'idle' | 'pending' | 'success' | 'error'
  result?: PayResult
  error?: Error
}

/**
 * The `pay` action as a hook, with its state.
 *
 * @example
 * const { pay, status, result } = usePay()
 * <button onClick={() => pay({ recipient, amount: '10', asset })}>Pay 10 USDC</button>
 */
export function usePay(): UsePayReturnType {
  const kernel = useKernel()
  const [state, setState] = useState<Omit<UsePayReturnType, 'pay'>>({ status: 'idle' })
  const start = useCallback(
    async (params: PayParameters) => {
      setState({ status: 'pending' })
      try {
        const result = await pay(kernel, params)
        setState({ status: 'success', result })
        return result
      } catch (reason) {
        const error = reason instanceof Error ? reason : new Error(String(reason))
        setState({ status: 'error', error })
        throw error
      }
    },
    [kernel],
  )
  return { pay: start, ...state }
}
