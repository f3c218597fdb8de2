import type { Kernel } from 'foyer'

/**
 * English for the Swap view; `{symbol}`, `{amount}`, `{percent}` … are filled in at run time. It loads with the view
 * (the manifest carries only the title and the action: locales.ts): the view's module re-exports it as `texts`, which
 * the kernel adds as it loads, under whatever the host set (`messages`), which wins; the swap actions, which word
 * errors outside the view, add it through `addSwapTexts`.
 */
export const viewTexts = {
  'swap.from': 'You pay',
  'swap.to': 'You receive',
  'swap.fromToken': 'Token to pay with',
  'swap.toToken': 'Token to receive',
  'swap.chooseToken': 'Choose a token',
  /** The search field of a long token list. */
  'swap.search': 'Search tokens',
  'swap.noMatch': 'No token matches',
  'swap.amount': 'Amount to pay',
  'swap.max': 'Max',
  'swap.flip': 'Swap the two tokens',
  'swap.balance': 'Balance: {amount} {symbol}',
  'swap.quoting': 'Finding the best price…',
  'swap.output': '{amount} {symbol}',
  /** One unit of the paid token in the received one, e.g. '1 ETH = 2,961.47 USDC'. */
  'swap.rate': '1 {from} = {amount} {to}',
  'swap.rateLabel': 'Rate',
  'swap.priceImpact': 'Price impact',
  'swap.poolFee': 'Pool fee',
  'swap.networkFee': 'Network fee',
  /** The most the price may move before the swap is refused. */
  'swap.slippage': 'Slippage tolerance',
  'swap.minimum': 'Minimum received',
  'swap.route': 'Route',
  'swap.preview': 'Review swap',
  'swap.back': 'Edit',
  'swap.approve': 'Approve {symbol}',
  /** Shown while the wallet is asked to let the exchange spend the token. */
  'swap.approving': 'Approve {symbol} in your wallet',
  'swap.needsApproval': 'The exchange needs your approval to spend {symbol} first.',
  'swap.checkingAllowance': 'Checking the approval…',
  'swap.confirm': 'Swap now',
  'swap.swapping': 'Confirm the swap in your wallet',
  'swap.done': 'Swapped',
  'swap.hash': 'Transaction',
  /** `{explorer}` is the network's block explorer, e.g. 'Etherscan'. */
  'swap.explorer': 'View on {explorer}',
  'swap.again': 'Swap again',
  'swap.notConnected': 'Connect a wallet to swap.',
  'swap.unsupported': 'Swaps are not available on this network.',
  'swap.error.amount': 'The amount is not a valid number',
  'swap.error.balance': 'Insufficient balance',
  /** The coin paid is all there is: nothing is left for the network fee. `{symbol}` is the network's coin ('ETH'). */
  'swap.error.gas': 'Insufficient {symbol} for the network fee',
  'swap.error.tokens': 'The tokens to swap could not be loaded. Try again later.',
  'swap.error.rejected': 'You declined the transaction in your wallet',
  'swap.error.failed': 'The swap failed',
  /** The list of what a swap will do, as the network's node simulated it (docs/previews.md). */
  'swap.simulation.title': 'What will happen',
  'swap.simulation.checking': 'Checking what this swap will do…',
  'swap.simulation.send': 'You send',
  'swap.simulation.receive': 'You receive',
  'swap.simulation.allowance': 'Allowance',
  /** An allowance the transaction grants; `{spender}` is a shortened address. */
  'swap.simulation.allow': '{amount} {symbol} to {spender}',
  'swap.simulation.unlimited': 'Unlimited {symbol} to {spender}',
  'swap.simulation.all': 'All of {symbol} to {spender}',
  /** `{reason}` is the contract's own reason, untranslated. */
  'swap.simulation.reverts': 'This swap would fail: {reason}',
  'swap.simulation.unavailable': 'This network cannot preview the result',
} as const

export type ViewTexts = typeof viewTexts

/** Adds the view's English texts to the kernel, under the host's own; once is enough, again costs nothing. */
export function addSwapTexts(kernel: Kernel): void {
  kernel.i18n.addDefaults('en', viewTexts)
}
