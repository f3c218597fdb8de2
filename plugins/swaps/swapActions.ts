// What the Swap view does, as plain functions of the kernel (style 9): follow the inputs with a debounced quote,
// check and give the approval, swap. Loaded with the view.
import {
  selectActiveConnection,
  AddressOrAuthConnectorNotFoundError,
  UnsupportedChainError,
  createToken,
  DEBOUNCE_MS,
  formatUnits,
  isSameNetwork,
  isUserRejection,
  visibleMessage,
} from 'foyer'
import type { Kernel } from 'foyer'
import { convertApiOf, NATIVE_TOKEN } from './convertApi.js'
import { addSwapTexts } from './texts.js'
import { updateSwapState, type SwapState } from './swapState.js'
import { parseUnits } from './units.js'

/** rules §9: the slippage tolerance, percent. */
export const SLIPPAGE_PERCENT = 1
/** At most this many approvals in a row: a reset to 0, then the approval itself. */
const MAX_APPROVALS = 2

/** The pending quote of one kernel: the timer, and a counter that tells a stale answer from the latest. */
interface PendingQuote {
  timer?: ReturnType<typeof setTimeout>
  sequence: number
}
const QuoteTimerToken = createToken<PendingQuote>('swaps:quoteTimer')
const pendingQuote = (kernel: Kernel) => kernel.container.ensure(QuoteTimerToken, (): PendingQuote => ({ sequence: 0 }))

/** rules §4: the exchange may spend enough only when the allowance is at least the amount paid. */
export function isAllowanceSufficient(allowance: bigint, amount: bigint): boolean {
  return allowance >= amount
}

/** True for the native coin's id (`eip155:1:0xeeee…`). */
export function isNative(tokenAddress: string): boolean {
  return tokenAddress.split(':').at(-1)?.toLowerCase() === NATIVE_TOKEN
}

/** The connected account and the chain's sendTransaction capability; 'Unsupported chain' (rules §4) without it. */
function swapContext(kernel: Kernel) {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  if (!connection?.address || !connection.networkId) throw new AddressOrAuthConnectorNotFoundError()
  const capabilities = kernel.chains.get(connection.namespace)?.capabilities
  if (!capabilities?.sendTransaction)
    throw new UnsupportedChainError({ details: `The ${connection.namespace} chain cannot send transactions.` })
  const api = convertApiOf(kernel)
  if (!api) throw new Error('swaps() needs `services.api`, the blockchain API that answers the convert calls.')
  return { ...connection, address: connection.address, networkId: connection.networkId, send: capabilities.sendTransaction, api }
}

/** The state's tokens and amount when a quote can be asked for them. */
function quotable({ sourceToken, toToken, sourceTokenAmount }: SwapState) {
  if (!sourceToken || !toToken || sourceToken.address === toToken.address) return undefined
  const amount = parseUnits(sourceTokenAmount, sourceToken.decimals)
  return amount && amount > 0n ? { sourceToken, toToken, amount } : undefined
}

function swapState(kernel: Kernel): SwapState {
  return kernel.store.getState().swaps
}

/**
 * Changes the tokens or the amount. The old quote goes at once; the new one is asked DEBOUNCE_MS (rules §9's default debounce) after
 * the last change, so typing '1.25' asks once.
 *
 * @example
 * setSwapInput(kernel, { sourceTokenAmount: '1.5' })
 */
export function setSwapInput(kernel: Kernel, patch: Partial<Pick<SwapState, 'sourceToken' | 'toToken' | 'sourceTokenAmount'>>): void {
  const pending = pendingQuote(kernel)
  clearTimeout(pending.timer)
  pending.sequence++
  updateSwapState(kernel, { ...patch, quote: undefined, quoteError: undefined, error: undefined })
  const wanted = quotable(swapState(kernel)) !== undefined
  updateSwapState(kernel, { quoteLoading: wanted })
  // A kernel destroyed meanwhile (the page left) asks nothing.
  if (wanted) pending.timer = setTimeout(() => void (kernel.isDestroyed() || fetchSwapQuote(kernel)), DEBOUNCE_MS)
}

/**
 * Asks the service for a quote of the current tokens and amount and stores it; a failure is stored as its message
 * (rules §8). An answer that arrives after the inputs changed again is dropped.
 */
export async function fetchSwapQuote(kernel: Kernel): Promise<void> {
  const pending = pendingQuote(kernel)
  const sequence = ++pending.sequence
  const wanted = quotable(swapState(kernel))
  if (!wanted) return updateSwapState(kernel, { quoteLoading: false })
  updateSwapState(kernel, { quoteLoading: true })
  try {
    const { api, address, networkId } = swapContext(kernel)
    const quote = await api.getQuote({
      networkId,
      userAddress: address,
      from: wanted.sourceToken.address,
      to: wanted.toToken.address,
      amount: wanted.amount,
    })
    if (sequence === pending.sequence) updateSwapState(kernel, { quote, quoteLoading: false })
  } catch (reason) {
    kernel.logger.warn('No quote for this swap.', reason)
    if (sequence === pending.sequence)
      updateSwapState(kernel, { quoteLoading: false, quoteError: visibleMessage(reason, reasonText(kernel, reason)) })
  }
}

/**
 * rules §4: reads the allowance of the token paid and records whether it covers the amount ('sufficient' for the coin).
 *
 * @returns whether it does
 */
export async function checkSwapAllowance(kernel: Kernel): Promise<boolean> {
  const wanted = quotable(swapState(kernel))
  if (!wanted) return false
  if (isNative(wanted.sourceToken.address)) {
    updateSwapState(kernel, { allowance: 'sufficient' })
    return true
  }
  updateSwapState(kernel, { allowance: 'checking', error: undefined })
  try {
    const { api, address, networkId } = swapContext(kernel)
    const allowance = await api.getAllowance({ networkId, userAddress: address, tokenAddress: wanted.sourceToken.address })
    const sufficient = isAllowanceSufficient(allowance, wanted.amount)
    updateSwapState(kernel, { allowance: sufficient ? 'sufficient' : 'insufficient' })
    return sufficient
  } catch (reason) {
    updateSwapState(kernel, { allowance: undefined, error: visibleMessage(reason, reasonText(kernel, reason)) })
    return false
  }
}

/**
 * Lets the exchange spend exactly the amount paid: the approval the service builds, signed in the wallet; for a
 * token like USDT over a standing allowance, the reset to 0 first. Then reads the allowance again.
 *
 * @throws whatever the wallet or the service said; the state's `error` says it too.
 */
export async function approveSwapToken(kernel: Kernel): Promise<void> {
  const wanted = quotable(swapState(kernel))
  if (!wanted) return
  updateSwapState(kernel, { signing: 'approve', error: undefined })
  try {
    const { api, address, networkId, send } = swapContext(kernel)
    for (let round = 0; round < MAX_APPROVALS; round++) {
      const approval = await api.buildApprove({
        networkId,
        userAddress: address,
        from: wanted.sourceToken.address,
        to: wanted.toToken.address,
        amount: wanted.amount,
      })
      await send.sendTransaction(kernel, { from: address, to: approval.to, data: approval.data, value: 0n, gas: approval.gas, networkId })
      if (!approval.reset) break
    }
  } catch (reason) {
    updateSwapState(kernel, { error: failureText(kernel, reason) })
    throw reason
  } finally {
    updateSwapState(kernel, { signing: undefined })
  }
  await checkSwapAllowance(kernel)
}

/**
 * The swap: the router call the service builds (rules §9: 1 % slippage), signed in the wallet and mined; then
 * 'swaps:succeeded', 'transaction:sent' and 'balances:changed', and the view shows the hash.
 *
 * @throws whatever the wallet or the service said; the state's `error` says it too.
 * @example
 * const { hash } = await swapTokens(kernel)
 */
export async function swapTokens(kernel: Kernel): Promise<{ hash: string }> {
  const state = swapState(kernel)
  const wanted = quotable(state)
  if (!wanted) {
    addSwapTexts(kernel)
    throw new Error(kernel.i18n.t('swap.error.amount'))
  }
  updateSwapState(kernel, { signing: 'swap', error: undefined })
  try {
    const { api, address, networkId, send } = swapContext(kernel)
    const built = await api.buildTransaction({
      networkId,
      userAddress: address,
      from: wanted.sourceToken.address,
      to: wanted.toToken.address,
      amount: wanted.amount,
      slippage: SLIPPAGE_PERCENT,
    })
    // The service's gas, not the wallet's estimate: it leaves room for a trade mined a second after it was built.
    const { hash } = await send.sendTransaction(kernel, {
      from: address,
      to: built.to,
      data: built.data,
      value: built.value,
      gas: built.gas,
      networkId,
    })
    kernel.bus.emit('swaps:succeeded', {
      networkId,
      hash,
      from: wanted.sourceToken.address,
      to: wanted.toToken.address,
      fromAmount: wanted.amount.toString(),
      toAmount: (state.quote?.toAmount ?? 0n).toString(),
    })
    kernel.bus.emit('transaction:sent', {
      hash,
      networkId,
      from: address,
      to: built.to,
      operationType: 'trade',
      transfers: [
        { direction: 'out', symbol: wanted.sourceToken.symbol, numeric: formatUnits(wanted.amount, wanted.sourceToken.decimals) },
        ...(state.quote
          ? [
              {
                direction: 'in' as const,
                symbol: wanted.toToken.symbol,
                numeric: formatUnits(state.quote.toAmount, wanted.toToken.decimals),
              },
            ]
          : []),
      ],
    })
    kernel.bus.emit('balances:changed', {})
    updateSwapState(kernel, { step: 'done', hash, sourceTokenAmount: '', quote: undefined, allowance: undefined })
    return { hash }
  } catch (reason) {
    updateSwapState(kernel, { error: failureText(kernel, reason) })
    throw reason
  } finally {
    updateSwapState(kernel, { signing: undefined })
  }
}

/** What the visitor reads about a failed approval or swap. */
function failureText(kernel: Kernel, reason: unknown): string {
  addSwapTexts(kernel)
  if (isUserRejection(reason)) return kernel.i18n.t('swap.error.rejected')
  if (isInsufficientFunds(reason)) return kernel.i18n.t('swap.error.gas', { symbol: nativeSymbol(kernel) })
  return visibleMessage(reason, reasonText(kernel, reason))
}

/**
 * True when the wallet or its node refused a transaction because the account cannot pay value plus gas: viem's
 * InsufficientFundsError ('The total cost (gas * gas fee + value) … exceeds the balance'), a node's 'insufficient
 * funds', anywhere in the error's causes.
 */
export function isInsufficientFunds(reason: unknown): boolean {
  let error = reason
  for (let depth = 0; depth < 8 && error instanceof Object; depth++) {
    const { name, message } = error as { name?: unknown; message?: unknown }
    if (name === 'InsufficientFundsError') return true
    if (typeof message === 'string' && /insufficient funds|exceeds the balance/i.test(message)) return true
    error = (error as { cause?: unknown }).cause
  }
  return false
}

/** The symbol of the coin that pays the network fee on the connected network ('ETH'). */
function nativeSymbol(kernel: Kernel): string {
  const connection = selectActiveConnection(kernel.store.getState().connection)
  const networks = connection ? (kernel.chains.get(connection.namespace)?.networks ?? []) : []
  return (
    (connection?.networkId && networks.find((network) => isSameNetwork(network, connection.networkId!)))?.nativeCurrency.symbol ?? 'ETH'
  )
}

/** rules §8: a quote error is stored as its message; a plain Error's own message, else the generic text. */
function reasonText(kernel: Kernel, reason: unknown): string {
  addSwapTexts(kernel)
  return reason instanceof Error && reason.message ? reason.message.split('\n')[0]! : kernel.i18n.t('swap.error.failed')
}
