import { useEffect, useState } from 'react'
import { formatUnits } from '../model/format.js'
import { shortenAddress } from '../model/addresses.js'
import type { MessageKey, MessageParams } from '../core/i18n.js'
import type { Allowance, AssetChange, Simulation } from 'foyer/protocol'

/** What a preview shows: the node's answer, 'loading' while it is asked, undefined where nothing can simulate. */
export type SimulationState = Simulation | 'loading' | undefined

/** An allowance's words: `{ amount, symbol, spender }`, the spender shortened. */
export type AllowanceWords = { amount: string; symbol: string; spender: string }

/**
 * The summary's texts in the visitor's language, from the view that shows it (each view says what it previews:
 * 'Checking what this swap will do…', 'This transfer would fail: …').
 */
export interface SimulationTexts {
  /** The list's accessible name ('What will happen'). */
  title: string
  checking: string
  send: string
  receive: string
  allowance: string
  /** The node cannot simulate ('This network cannot preview the result'). */
  unavailable: string
  /** `reason` is the contract's own, untranslated. */
  reverts(reason: string): string
  allow(words: AllowanceWords): string
  unlimited(words: AllowanceWords): string
  /** Every token of a collection (`setApprovalForAll`). */
  all(words: AllowanceWords): string
}

export interface SimulationSummaryProps {
  simulation: SimulationState
  texts: SimulationTexts
}

/**
 * What a transaction will do, as the network's node simulated it (docs/previews.md): a compact "You send / You
 * receive / Allowance" list (an unlimited allowance in the error colour), the revert and its reason, or a plain word
 * that this network cannot preview it. Send, Swap and Pay show it before the visitor confirms.
 */
export function SimulationSummary({ simulation, texts }: SimulationSummaryProps) {
  if (simulation === undefined) return null
  if (simulation === 'loading')
    return (
      <p className="f-muted" data-testid="simulation-loading">
        {texts.checking}
      </p>
    )
  if (simulation.status === 'unavailable')
    return (
      <p className="f-muted" data-testid="simulation-unavailable">
        {texts.unavailable}
      </p>
    )
  if (simulation.status === 'reverts')
    return (
      <p className="f-error-text" role="alert" data-testid="simulation-reverts">
        {texts.reverts(simulation.reason)}
      </p>
    )
  const { outgoing, incoming, allowances } = simulation
  if (outgoing.length + incoming.length + allowances.length === 0) return null
  return (
    <dl className="f-list" aria-label={texts.title} data-testid="simulation">
      {outgoing.length > 0 && <dt className="f-muted">{texts.send}</dt>}
      {outgoing.map((change) => (
        <dd key={changeKey(change)}>{amountText(change)}</dd>
      ))}
      {incoming.length > 0 && <dt className="f-muted">{texts.receive}</dt>}
      {incoming.map((change) => (
        <dd key={changeKey(change)}>{amountText(change)}</dd>
      ))}
      {allowances.length > 0 && <dt className="f-muted">{texts.allowance}</dt>}
      {allowances.map((allowance) => (
        <dd key={`${allowance.token}:${allowance.spender}`} className={allowance.unlimited ? 'f-error-text' : undefined}>
          {allowanceText(allowance, texts)}
        </dd>
      ))}
    </dl>
  )
}

/**
 * Asks `simulate` again whenever `key` changes (a new call, a new quote), and keeps only the latest answer; a failure
 * is shown as the node being unable to simulate. No `simulate` (a chain without the capability): undefined.
 */
export function useSimulation(simulate: (() => Promise<Simulation | undefined>) | undefined, key: string): SimulationState {
  const [state, setState] = useState<SimulationState>(simulate ? 'loading' : undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for a new `key`, not for a new function of the same calls
  useEffect(() => {
    if (!simulate) return setState(undefined)
    let current = true
    setState('loading')
    simulate()
      .catch((reason: unknown): Simulation => ({ status: 'unavailable', reason: String(reason) }))
      .then((result) => current && setState(result))
    return () => {
      current = false
    }
  }, [key, simulate === undefined])
  return state
}

/**
 * The texts from a view's own keys `<prefix>.simulation.title`, `.checking`, `.send`, `.receive`, `.allowance`,
 * `.unavailable`, `.reverts` ({reason}), `.allow`, `.unlimited` and `.all` ({amount}, {symbol}, {spender}).
 *
 * @example <SimulationSummary simulation={simulation} texts={simulationTexts(useTranslate(), 'swap')} />
 */
export function simulationTexts(t: (key: MessageKey, params?: MessageParams) => string, prefix: string): SimulationTexts {
  const text = (name: string, params?: MessageParams) => t(`${prefix}.simulation.${name}` as MessageKey, params)
  return {
    title: text('title'),
    checking: text('checking'),
    send: text('send'),
    receive: text('receive'),
    allowance: text('allowance'),
    unavailable: text('unavailable'),
    reverts: (reason) => text('reverts', { reason }),
    allow: (words) => text('allow', words),
    unlimited: (words) => text('unlimited', words),
    all: (words) => text('all', words),
  }
}

function allowanceText({ kind, spender, amount, symbol, decimals, unlimited }: Allowance, texts: SimulationTexts) {
  const words = { symbol, spender: shortenAddress(spender), amount: formatUnits(amount, decimals) }
  return kind === 'collection' ? texts.all(words) : unlimited ? texts.unlimited(words) : texts.allow(words)
}

function changeKey({ kind, token, tokenId }: AssetChange) {
  return `${kind}:${token ?? ''}:${tokenId ?? ''}`
}

/** '1.5 USDC', 'NFT #2', '3 × GAME #7' (several editions of one item). */
function amountText({ kind, amount, symbol, decimals, tokenId }: AssetChange) {
  if (kind === 'nft') return `${amount > 1n ? `${amount} × ` : ''}${symbol} #${tokenId}`
  return `${formatUnits(amount, decimals)} ${symbol}`
}
