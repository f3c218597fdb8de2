// The Send preview's simulation: the transfer as calls the chain's node can simulate (docs/previews.md), asked once
// per preview. Loaded with the view.
import { useEffect, useState } from 'react'
import type { CaipNetworkId, Kernel } from 'foyer'
import type { SimulatedCall, Simulation } from '../../kernel/model/simulate.mjs'
import type { SendAsset } from './validateSend.js'

/** ERC-20 `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb'

/** What the preview shows while the node answers, and where no chain can simulate. */
export type SimulationState = Simulation | 'loading' | undefined

/** The transfer as the one call the wallet will send: the value itself, or the token's `transfer`. */
export function transferCall(asset: SendAsset, to: string, amount: bigint): SimulatedCall {
  const token = asset.address?.split(':').at(-1)
  if (!token) return { to: to as `0x${string}`, value: amount }
  const word = (hex: string) => hex.padStart(64, '0')
  return { to: token as `0x${string}`, data: `${TRANSFER_SELECTOR}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}` }
}

/**
 * The simulation of `call` from `from`, asked of the connected chain's `simulate` capability; undefined where the
 * chain has none (the preview then shows what it showed before).
 */
export function useSendSimulation(
  kernel: Kernel,
  params: { namespace?: string; networkId?: CaipNetworkId; from?: string; call?: SimulatedCall },
): SimulationState {
  const { namespace, networkId, from, call } = params
  const simulate = namespace ? kernel.chains.get(namespace)?.capabilities?.simulate : undefined
  const [state, setState] = useState<SimulationState>(simulate ? 'loading' : undefined)
  const key = call ? `${call.to}:${call.value ?? ''}:${call.data ?? ''}` : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the call is compared by its fields (`key`), not by identity
  useEffect(() => {
    if (!simulate || !networkId || !from || !call) return setState(undefined)
    let current = true
    setState('loading')
    simulate
      .simulate(kernel, { from, networkId, calls: [call] })
      .catch((reason: unknown) => ({ status: 'unavailable' as const, reason: String(reason) }))
      .then((result) => current && setState(result))
    return () => {
      current = false
    }
  }, [kernel, simulate, networkId, from, key])
  return state
}
