import { lazy, Suspense, type ButtonHTMLAttributes, type ReactNode } from 'react'
import type { ConnectionStatus } from '../core/connection.js'
import { openModal } from '../core/modal.js'
import { resolveTheme } from '../core/theme.js'
import { shortenAddress } from '../model/addresses.js'
import { isSafeImageUrl, type Network } from '../model/network.js'
import { buttonStyle } from './connectButtonLook.js'
import { warmModal } from './warmModal.js'
import { useFoyerState, useKernel, useTranslate } from './hooks/context.js'
import { useAccount, useIdentity, useNativeBalance, useNetwork } from './hooks/hooks.js'
import { useThemeName } from './shell/themeName.js'

const AccountContents = lazy(() => import('./AccountContents.js'))

/** What a host needs to draw its own account button: the account, its name, balance and network, and the actions. */
export interface ConnectButtonState {
  status: ConnectionStatus
  isConnected: boolean
  /** What Foyer's own button says: 'Connect', 'Connecting…', else the account's name or short address. */
  label: string
  /**
   * Once connected, a name for a button of yours that shows no text of its own (an avatar alone): 'Account 0x12…cdef'.
   * A button that shows text is named by that text, as Foyer's own is: give it no `aria-label`, so a voice-control
   * user can press it by saying what they see (WCAG 2.5.3).
   */
  accessibleName?: string
  address?: string
  /** `0x1234…cdef` */
  shortAddress?: string
  /** The account's name (EVM, from the blockchain data service), when it has one. */
  name?: string
  /** The account's avatar: a safe image URL, when it has one. */
  avatar?: string
  /** The native balance, formatted per rules §5, once read; absent while loading or where the chain cannot say. */
  balance?: { formatted: string; symbol: string }
  network?: Network
  /** False when the wallet sits on a network the site did not configure. */
  isNetworkSupported: boolean
  /** Opens the modal where rules §2 says: Connect, else Account. */
  open(): void
  /** Starts loading the modal: call it when a pointer reaches the button or it takes focus. */
  warm(): void
}

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'> & {
  /**
   * `'themed'` follows the theme tokens (the modal's colours, radius and font) and shows the avatar, balance and
   * network; `'plain'` is a bare `<button>` with the label only, for the host's own CSS. @default 'themed'
   */
  appearance?: 'themed' | 'plain'
  /** The themed button's balance. @default true */
  showBalance?: boolean
  /** Draw the button yourself: called with the state on every change, instead of Foyer's button. */
  children?: (state: ConnectButtonState) => ReactNode
}

/** The account button's state, for a host that draws its own (or use `<ConnectButton>{(state) => …}</ConnectButton>`). */
export function useConnectButton(): ConnectButtonState {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const identity = useIdentity()
  const balance = useNativeBalance()
  const { network, isSupported } = useNetwork()
  const shortAddress = account.address && shortenAddress(account.address)
  const label = shortAddress
    ? (identity?.name ?? shortAddress)
    : t(account.status === 'connecting' ? 'button.connecting' : 'button.connect')
  return {
    status: account.status,
    isConnected: account.isConnected,
    label,
    accessibleName: shortAddress && t('button.account', { address: label }),
    address: account.address,
    shortAddress,
    name: identity?.name,
    avatar: isSafeImageUrl(identity?.avatar) ? identity.avatar : undefined,
    balance: balance?.status === 'ready' ? balance.balance : undefined,
    network,
    isNetworkSupported: isSupported,
    open: () => openModal(kernel),
    warm: () => warmModal(kernel),
  }
}

/**
 * The host page's account button: 'Connect' while nobody is connected; once connected, the account's avatar, name
 * (else its short address), balance and network. A click opens the modal (rules §2 picks the view). It follows the
 * theme tokens through inline styles (no stylesheet on the host's page, nothing a Content-Security-Policy blocks);
 * `appearance="plain"` leaves it to the host's CSS, and a function child draws it entirely. It carries
 * `data-foyer-connect-button` and `data-status` for styling.
 */
export function ConnectButton({ appearance = 'themed', showBalance = true, children, style, ...props }: ConnectButtonProps) {
  const state = useConnectButton()
  const kernel = useKernel()
  const mode = useFoyerState((foyer) => foyer.theme.mode)
  const themeName = useThemeName(mode)
  if (children) return <>{children(state)}</>
  const themed = appearance === 'themed'
  const tokens = themed ? resolveTheme(themeName, kernel.options.themeVariables) : undefined
  return (
    <button
      type="button"
      data-foyer-connect-button=""
      data-status={state.status}
      style={tokens ? { ...buttonStyle(tokens, state.isConnected), ...style } : style}
      {...props}
      // A pointer on its way or keyboard focus says a click is coming: warm the modal now.
      onPointerEnter={state.warm}
      onFocus={state.warm}
      onClick={state.open}
    >
      {tokens && state.isConnected ? (
        // The connected face loads after the first paint (a visitor who reconnects sees the label for a moment).
        <Suspense fallback={state.label}>
          <AccountContents state={state} tokens={tokens} showBalance={showBalance} />
        </Suspense>
      ) : (
        state.label
      )}
    </button>
  )
}
