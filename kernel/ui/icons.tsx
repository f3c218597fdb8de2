import type { SVGProps } from 'react'

// Simple line icons drawn for Foyer; all 20×20, stroke in the current colour, hidden from
// assistive technology because every control that shows one also has a name.
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const BackIcon = () => (
  <Icon>
    <path d="M12.5 4 6.5 10l6 6" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon>
    <path d="m5 5 10 10M15 5 5 15" />
  </Icon>
)

export const CopyIcon = () => (
  <Icon>
    <rect x="7" y="7" width="9" height="9" rx="2" />
    <path d="M4 12.5V5a1 1 0 0 1 1-1h7.5" />
  </Icon>
)

export const WarningIcon = () => (
  <Icon>
    <path d="M10 3 2.5 16.5h15z" />
    <path d="M10 8.5v3.5M10 14.2v.1" />
  </Icon>
)

export const CheckIcon = () => (
  <Icon>
    <path d="m4.5 10.5 3.5 3.5 7.5-8" />
  </Icon>
)

export const GridIcon = () => (
  <Icon>
    <rect x="3.5" y="3.5" width="5" height="5" rx="1.2" />
    <rect x="11.5" y="3.5" width="5" height="5" rx="1.2" />
    <rect x="3.5" y="11.5" width="5" height="5" rx="1.2" />
    <rect x="11.5" y="11.5" width="5" height="5" rx="1.2" />
  </Icon>
)

/** A payment card (a payment method). */
export const CardIcon = () => (
  <Icon>
    <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
    <path d="M2.5 8.5h15M5.5 12.5h3" />
  </Icon>
)

/** A bank (a payment method: a bank account or transfer). */
export const BankIcon = () => (
  <Icon>
    <path d="M3 8 10 3.5 17 8z" />
    <path d="M5 8.5v6M8.3 8.5v6M11.7 8.5v6M15 8.5v6M3 16.5h14" />
  </Icon>
)

/** A passkey: a person beside a key. */
export const PasskeyIcon = () => (
  <Icon>
    <circle cx="7.5" cy="6.5" r="3" />
    <path d="M2.5 16.5c0-2.8 2.2-5 5-5 1 0 2 .3 2.8.8" />
    <circle cx="14.5" cy="10.5" r="2" />
    <path d="M14.5 12.5v4.5l1.3-1M14.5 15l1.3-1" />
  </Icon>
)
