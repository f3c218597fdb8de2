import type { ButtonHTMLAttributes, ReactNode } from 'react'

export interface ListItemProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The visible name, which is also the button's accessible name. */
  label: string
  /** Shown before the label; decorative. */
  image?: ReactNode
  /** A short tag after the label, such as "Installed". */
  tag?: string
  /** Marks the row as the current choice (for example the connected network). */
  current?: boolean
}

/**
 * A full-width row that is one button: a wallet, a network. Its name is `label`, with the tag
 * announced after it.
 */
export function ListItem({ label, image, tag, current, ...props }: ListItemProps) {
  return (
    <button type="button" className="f-list-item" aria-current={current || undefined} {...props}>
      {image}
      <span className="f-list-item-label">{label}</span>
      {tag && <span className="f-tag">{tag}</span>}
    </button>
  )
}
