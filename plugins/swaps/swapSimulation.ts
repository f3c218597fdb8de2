// The Swap preview's simulation (docs/previews.md): the approval when one is needed and the router call the service
// builds, simulated together by the network's node. Loaded with the view.
import { useEffect, useState } from 'react'
import { selectActiveConnection, type Kernel } from 'foyer'
import type { SimulationState } from 'foyer/ui'
import type { SimulatedCall, Simulation } from 'foyer/protocol'
import { convertApiOf } from './convertApi.js'
import type { SwapState } from './swapState.js'
import { SLIPPAGE_PERCENT } from './swapActions.js'

/**
 * The swap as the wallet would send it, simulated; undefined where the chain has no `simulate` capability. A service
 * that cannot build the calls gives 'unavailable', never an error.
 */
export async function simulateSwap(kernel: Kernel, state: SwapState): Promise<Simulation | undefined> {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  const simulate = connection ? kernel.chains.get(connection.namespace)?.capabilities?.simulate : undefined
  const api = convertApiOf(kernel)
  const { sourceToken, toToken, quote } = state
  if (!simulate || !api || !connection?.address || !connection.networkId || !sourceToken || !toToken || !quote) return undefined
  const { address: userAddress, networkId } = connection
  const trade = { networkId, userAddress, from: sourceToken.address, to: toToken.address, amount: quote.fromAmount }
  try {
    const calls: SimulatedCall[] = []
    if (state.allowance === 'insufficient') {
      const approval = await api.buildApprove(trade)
      calls.push({ to: approval.to, data: approval.data })
      // A token that must be reset to 0 first needs a second approval the service builds only after the first is mined.
      if (approval.reset) return { status: 'unavailable', reason: 'The approval must be reset before it can be simulated.' }
    }
    // Before the approval is mined the service cannot estimate the swap's gas; the simulation needs none.
    const built = await api.buildTransaction({ ...trade, slippage: SLIPPAGE_PERCENT, disableEstimate: state.allowance === 'insufficient' })
    calls.push({ to: built.to, data: built.data, value: built.value })
    return await simulate.simulate(kernel, { from: userAddress, networkId, calls })
  } catch (reason) {
    return { status: 'unavailable', reason: reason instanceof Error ? reason.message : String(reason) }
  }
}

/** The simulation of the previewed swap, asked again when the quote or the allowance changes. */
export function useSwapSimulation(kernel: Kernel, state: SwapState): SimulationState {
  const [simulation, setSimulation] = useState<SimulationState>(undefined)
  const ready = state.allowance === 'sufficient' || state.allowance === 'insufficient'
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for a new quote or allowance, not for every state change
  useEffect(() => {
    if (!ready) return setSimulation(undefined)
    let current = true
    setSimulation('loading')
    void simulateSwap(kernel, state).then((result) => current && setSimulation(result))
    return () => {
      current = false
    }
  }, [kernel, state.quote, state.allowance])
  return simulation
}
