// The connected face of the themed ConnectButton: the network mark, balance, avatar and name. Loaded after the first
// paint, which shows 'Connect' to most visitors, to keep the first paint within its budget.
import type { CSSProperties } from 'react'
import type { ThemeTokens } from '../core/theme.js'
import { isSafeImageUrl } from '../model/network.js'
import { gradientFor } from '../ui/gradient.js'
import type { ConnectButtonState } from './ConnectButton.js'

export default function AccountContents({
  state,
  tokens,
  showBalance,
}: {
  state: ConnectButtonState
  tokens: ThemeTokens
  showBalance: boolean
}) {
  const networkImage = state.network?.imageUrl
  return (
    <>
      {isSafeImageUrl(networkImage) && <img src={networkImage} alt="" width={20} height={20} style={round} />}
      {showBalance && state.balance && (
        <span style={{ color: tokens.mutedForeground }}>
          {state.balance.formatted} {state.balance.symbol}
        </span>
      )}
      {state.avatar ? (
        <img src={state.avatar} alt="" width={24} height={24} style={round} />
      ) : (
        <span aria-hidden="true" style={{ ...round, width: 24, height: 24, background: gradientFor(state.address!) }} />
      )}
      <span>{state.label}</span>
    </>
  )
}

const round: CSSProperties = { display: 'inline-block', borderRadius: '50%', flex: 'none' }
