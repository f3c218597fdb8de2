import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner.js'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'primary' */
  variant?: 'primary' | 'secondary' | 'danger'
  /** Shows a spinner and ignores clicks, keeping the visible name. */
  loading?: boolean
  children: ReactNode
}

/** A text button; its visible text is its accessible name. */
export function Button({ variant = 'primary', loading = false, children, disabled, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      className={`f-button f-button-${variant}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size={16} />}
      <span>{children}</span>
    </button>
  )
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The name a screen reader announces: icon buttons have no visible text. */
  label: string
  children: ReactNode
}

/** A round button that shows only an icon, named by `label`. */
export function IconButton({ label, children, ...props }: IconButtonProps) {
  return (
    <button type="button" className="f-icon-button" aria-label={label} title={label} {...props}>
      {children}
    </button>
  )
}
