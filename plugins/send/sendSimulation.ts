// The Send preview's simulation: the transfer as calls the chain's node can simulate (docs/previews.md), asked once
// per preview. Loaded with the view, or by Pay through the plugin's api.
import { selectActiveConnection, type CaipNetworkId, type Kernel } from 'foyer'
import { useSimulation, type SimulationState } from 'foyer/ui'
import type { SimulatedCall, Simulation } from 'foyer/protocol'
import { parseAmount, type SendAsset } from './validateSend.js'

/** ERC-20 `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb'

/** The transfer as the one call the wallet will send: the value itself, or the token's `transfer`. */
export function transferCall(asset: SendAsset, to: string, amount: bigint): SimulatedCall {
  const token = asset.address?.split(':').at(-1)
  if (!token) return { to, value: amount }
  const word = (hex: string) => hex.padStart(64, '0')
  return { to: token, data: `${TRANSFER_SELECTOR}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}` }
}

export interface SimulateTransferParameters {
  token: SendAsset
  /** Decimal text, as the visitor or the host wrote it. */
  amount: string
  to: string
  /** The network it will be sent on (default: the connected one). */
  networkId?: CaipNetworkId
}

/**
 * The transfer from the connected account, simulated by the network's node; undefined where the connected chain
 * cannot simulate or the transfer cannot be read (the preview then shows what it showed before).
 */
export async function simulateTransfer(kernel: Kernel, params: SimulateTransferParameters): Promise<Simulation | undefined> {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  const simulate = connection ? kernel.chains.get(connection.namespace)?.capabilities?.simulate : undefined
  const networkId = params.networkId ?? connection?.networkId
  const amount = parseAmount(params.amount, params.token.decimals)
  if (!simulate || !connection?.address || !networkId || amount === undefined) return undefined
  const calls = [transferCall(params.token, params.to.trim(), amount)]
  return simulate.simulate(kernel, { from: connection.address, networkId, calls })
}

/** The simulation of the transfer the Send preview is about to send. */
export function useTransferSimulation(kernel: Kernel, params: SimulateTransferParameters & { from?: string }): SimulationState {
  const { token, amount, to, networkId, from } = params
  const connection = selectActiveConnection(kernel.store.getState().connection)
  const canSimulate = Boolean(connection && kernel.chains.get(connection.namespace)?.capabilities?.simulate)
  const key = [token.address ?? token.symbol, amount, to, networkId, from].join(':')
  return useSimulation(canSimulate ? () => simulateTransfer(kernel, params) : undefined, key)
}
