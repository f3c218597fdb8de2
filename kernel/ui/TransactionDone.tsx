import { Button } from './Button.js'

export interface TransactionDoneProps {
  /** What was done: 'Sent', 'Swap complete'. */
  title: string
  /** The words above the hash: 'Transaction hash'. */
  hashLabel: string
  hash?: string
  /** The hash's `data-testid`. */
  hashTestId?: string
  /** The transaction on the network's explorer, where the network names one. */
  explorer?: { href: string; label: string }
  /** The button that starts again: 'Send again'. */
  again: { label: string; onClick(): void }
}

/** The last step of a flow that sent a transaction (Send, Swap): what was done, its hash, the explorer, and again. */
export function TransactionDone({ title, hashLabel, hash, hashTestId, explorer, again }: TransactionDoneProps) {
  return (
    <div className="f-center">
      <p className="f-section-title">{title}</p>
      <p className="f-muted">{hashLabel}</p>
      <p className="f-address-text" data-testid={hashTestId}>
        {hash}
      </p>
      {explorer && (
        <a className="f-button f-button-secondary" href={explorer.href} target="_blank" rel="noopener noreferrer">
          {explorer.label}
        </a>
      )}
      <Button variant="secondary" onClick={again.onClick}>
        {again.label}
      </Button>
    </div>
  )
}
