// The connected face of the themed ConnectButton: the network mark, balance, avatar and name. Loaded after the first
// paint, which shows 'Connect' to most visitors, to keep the first paint within its budget.
import type { ThemeTokens } from '../core/theme.js'
import { isSafeImageUrl } from '../model/network.js'
import { gradientFor } from '../ui/gradient.js'
import type { ConnectButtonState } from './ConnectButton.js'
import { FACE_AVATAR_SIZE, FACE_MARK_SIZE, faceBalanceStyle, faceRound } from './accountFaceLook.js'

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
      {isSafeImageUrl(networkImage) && <img src={networkImage} alt="" width={FACE_MARK_SIZE} height={FACE_MARK_SIZE} style={faceRound} />}
      {showBalance && state.balance && (
        <span style={faceBalanceStyle(tokens)}>
          {state.balance.formatted} {state.balance.symbol}
        </span>
      )}
      {state.avatar ? (
        <img src={state.avatar} alt="" width={FACE_AVATAR_SIZE} height={FACE_AVATAR_SIZE} style={faceRound} />
      ) : (
        <span
          aria-hidden="true"
          style={{ ...faceRound, width: FACE_AVATAR_SIZE, height: FACE_AVATAR_SIZE, background: gradientFor(state.address!) }}
        />
      )}
      <span>{state.label}</span>
    </>
  )
}
