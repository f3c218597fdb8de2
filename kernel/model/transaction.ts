import type { CaipNetworkId } from 'foyer/protocol'

/**
 * A transaction sent through Foyer (a send, a swap, a payment) once the network confirmed it, as
 * 'transaction:sent' announces it. The activity plugin lists it at once, as pending, until the
 * blockchain data service lists its hash (rules §9: at most 99 kept).
 */
export interface SentTransaction {
  /** The transaction hash, as the chain writes it. */
  hash: string
  /** CAIP-2 */
  networkId: CaipNetworkId
  /** The account that sent it. */
  from: string
  to?: string
  /** rules §3's operationType: 'send', 'trade' (a swap), 'execute' … */
  operationType: string
  /** What it moved, as the account sees it: decimal amounts ('0.5'), 'out' for what left the account. */
  transfers: ReadonlyArray<{ direction: 'in' | 'out'; symbol: string; numeric: string }>
}
