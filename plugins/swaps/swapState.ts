import type { Kernel } from 'foyer'

/**
 * A token to swap (rules §3 swap Token): its CAIP-10 id (`eip155:1:0x…`; `0xeeee…eeee` for the native coin), its
 * precision and icon, and once read, what the account holds of it.
 */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10. */
  address: string
  decimals: number
  /** https, data:image or loopback http only; absent otherwise. */
  logoUri?: string
  /** What the account holds, when read: `numeric` is decimal text ('12.5'). */
  quantity?: { decimals: string; numeric: string }
  /** USD, when a price is known. */
  price?: number
  /** quantity × price, USD. */
  value?: number
}

/** A quote (rules §7 `convert/quotes`), amounts in the smallest unit. */
export interface SwapQuote {
  fromAmount: bigint
  toAmount: bigint
  /** The tokens the swap goes through, CAIP-10, in order. */
  route: string[]
  /** Percent below the pools' mid price, fees aside. */
  priceImpact?: number
  /** What each pool keeps, in the token that goes in. */
  fees: Array<{ token: string; amount: bigint; percent: number }>
  /** Gas the swap takes, as the service estimates it. */
  gas?: bigint
}

/**
 * The Swap view's state, in the store so it outlives the view (a visitor who opens Networks and comes back finds
 * what they typed, and ApproveTransaction shown over it loses nothing).
 */
export interface SwapState {
  sourceToken?: SwapToken
  toToken?: SwapToken
  /** Decimal text as typed. */
  sourceTokenAmount: string
  /** The last quote for the tokens and amount above. */
  quote?: SwapQuote
  /** True from the first keystroke until the quote (debounced, rules §9) is in. */
  quoteLoading: boolean
  /** rules §8: a failed quote is stored as its error message. */
  quoteError?: string
  /** Where the view is: the form, its preview, or the result. */
  step: 'form' | 'preview' | 'done'
  /** On the preview: whether the exchange may spend the source token (rules §4: allowance ≥ the amount). */
  allowance?: 'checking' | 'sufficient' | 'insufficient'
  /** What the wallet is asked to sign right now. */
  signing?: 'approve' | 'swap'
  /** The last swap's hash, for the result step. */
  hash?: string
  /** Why the last approval or swap failed, shown on the preview until the next try. */
  error?: string
}

/** Changes part of the swap state. Without the swaps plugin's slice it does nothing. */
export function updateSwapState(kernel: Kernel, patch: Partial<SwapState>): void {
  if (!('swaps' in kernel.store.getState())) return
  kernel.store.update('swaps', (state) => ({ ...state, ...patch }))
}
