import { useId } from 'react'

export interface AmountFieldProps {
  /** The visible label, which names the field. */
  label: string
  value: string
  onChange(value: string): void
  /** The Max button inside the field; left out when absent. */
  max?: { label: string; onClick(): void; disabled?: boolean }
  /** What the account holds, as the visitor reads it ('Balance: 1.5 ETH'). */
  balance?: string
  /** The amount's worth ('$1,500.00'). */
  fiat?: string
  /** Marks the field wrong (the message is said elsewhere, in an alert). */
  invalid?: boolean
  /** For tests and the demo. */
  balanceTestId?: string
  fiatTestId?: string
}

/**
 * An amount field with Max inside it, the balance and the amount's worth under it. Decimal text, never a number
 * input: the visitor's own digits stay as typed, and the view parses them exactly.
 */
export function AmountField(props: AmountFieldProps) {
  const id = useId()
  const hasLine = props.balance !== undefined || props.fiat !== undefined
  return (
    <div className="f-field">
      <label className="f-label" htmlFor={`${id}-input`}>
        {props.label}
      </label>
      <div className="f-amount" data-invalid={props.invalid || undefined}>
        <input
          id={`${id}-input`}
          className="f-amount-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={props.value}
          aria-invalid={props.invalid || undefined}
          aria-describedby={hasLine ? `${id}-line` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.max && (
          <button type="button" className="f-amount-max" disabled={props.max.disabled} onClick={props.max.onClick}>
            {props.max.label}
          </button>
        )}
      </div>
      {hasLine && (
        <p className="f-amount-line" id={`${id}-line`}>
          {/* An empty span keeps the balance at the end when no worth is known. */}
          {props.fiat === undefined ? <span /> : <span data-testid={props.fiatTestId}>{props.fiat}</span>}
          {props.balance !== undefined && <span data-testid={props.balanceTestId}>{props.balance}</span>}
        </p>
      )}
    </div>
  )
}
