import type { ButtonHTMLAttributes } from 'react'
import { shortenAddress } from '../model/addresses.js'
import { openModal } from '../core/modal.js'
import { useKernel, useTranslate } from './hooks/context.js'
import { warmModal } from './coreViews.js'
import { useAccount, useIdentity } from './hooks/hooks.js'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'>

/**
 * The host page's button: "Connect" while nobody is connected, after that the account's name when it has
 * one (its identity, EVM), else the shortened address.
 * A click opens the modal (rules §2 picks the view). Unstyled, so it takes the host's CSS; it carries
 * `data-foyer-connect-button` and `data-status` for styling.
 */
export function ConnectButton(props: ConnectButtonProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const identity = useIdentity()
  const label =
    account.address !== undefined
      ? (identity?.name ?? shortenAddress(account.address))
      : account.status === 'connecting'
        ? t('button.connecting')
        : t('button.connect')
  return (
    <button
      type="button"
      data-foyer-connect-button=""
      data-status={account.status}
      aria-label={account.address ? t('button.account', { address: label }) : undefined}
      {...props}
      // A pointer on its way or keyboard focus says a click is coming: warm the modal now.
      onPointerEnter={() => warmModal(kernel)}
      onFocus={() => warmModal(kernel)}
      onClick={() => openModal(kernel)}
    >
      {label}
    </button>
  )
}
