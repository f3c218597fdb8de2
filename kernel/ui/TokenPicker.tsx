import type { ReactNode } from 'react'
import { Picker, type PickerProps } from './Picker.js'

/** A token as the picker shows it: every text already formatted in the visitor's language. */
export interface TokenOption {
  /** Unique in the list: the token's address, or the coin's own key. */
  key: string
  symbol: string
  /** The token's full name ('USD Coin'), also matched by search. */
  name?: string
  /** The network it lives on ('Ethereum'). */
  network?: string
  /** The token's mark, decorative (`aria-hidden`): the symbol is the text. */
  icon?: ReactNode
  /** What the account holds, formatted ('1.5'). */
  balance?: string
  /** That balance's worth, formatted ('$4,500.00'). */
  fiat?: string
}

export type TokenPickerProps = Omit<PickerProps<TokenOption>, 'keyOf' | 'textOf' | 'render' | 'labelOf'>

/**
 * The token picker Send, Swap and Buy share: each option shows the token's mark, symbol and network, and what the
 * account holds of it with its worth; a long list can be searched by symbol or name.
 */
export function TokenPicker(props: TokenPickerProps) {
  return (
    <Picker
      {...props}
      keyOf={(token) => token.key}
      textOf={(token) => `${token.symbol} ${token.name ?? ''}`.trim()}
      labelOf={(token) => [token.symbol, token.network, token.balance, token.fiat].filter(Boolean).join(', ')}
      render={TokenRow}
    />
  )
}

function TokenRow(token: TokenOption) {
  return (
    <span className="f-token">
      {token.icon && <span aria-hidden="true">{token.icon}</span>}
      <span className="f-token-text">
        <span className="f-token-symbol">{token.symbol}</span>
        {token.network && <span className="f-token-detail">{token.network}</span>}
      </span>
      {(token.balance || token.fiat) && (
        <span className="f-token-text f-token-amount">
          {token.balance && <span>{token.balance}</span>}
          {token.fiat && <span className="f-token-detail">{token.fiat}</span>}
        </span>
      )}
    </span>
  )
}
