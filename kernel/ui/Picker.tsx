import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface PickerProps<T> {
  /** The visible label, which names the control. */
  label: string
  options: readonly T[]
  /** The chosen option, or undefined for none yet. */
  value?: T
  onChange(option: T): void
  /** A stable key of an option, unique in the list. */
  keyOf(option: T): string
  /** The option's words: what search matches and what a screen reader reads when nothing else is given. */
  textOf(option: T): string
  /** How an option looks in the list and on the closed control. @default its text */
  render?(option: T): ReactNode
  /** The option's accessible name, when what `render` shows needs separators read out. @default its rendered text */
  labelOf?(option: T): string
  /** Shown on the closed control when nothing is chosen. */
  placeholder?: string
  /** The search field's label; the list gets a search field when it is given and the list is longer than 5. */
  searchLabel?: string
  /** Said in the list when the search matches nothing. */
  noMatch?: string
  disabled?: boolean
  /** For tests and the demo. */
  testId?: string
}

/** A list longer than this gets its search field. */
const SEARCH_FROM = 6

/**
 * A select drawn by Foyer (the WAI-ARIA combobox with a listbox): a button that shows the choice, opening a list the
 * keyboard moves through (arrows, Home, End, Enter, Escape; letters find an option, or the search field filters a long
 * list). The list opens in the view's flow, not over it, so it never leaves the dialog and needs no positioning.
 */
export function Picker<T>(props: PickerProps<T>) {
  const { label, options, value, keyOf, textOf, render = textOf } = props
  const id = useId()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const trigger = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const searchable = props.searchLabel !== undefined && options.length >= SEARCH_FROM
  const needle = query.trim().toLowerCase()
  const shown = needle ? options.filter((option) => textOf(option).toLowerCase().includes(needle)) : options
  const optionId = (index: number) => `${id}-option-${index}`

  const show = () => {
    const chosen = value === undefined ? -1 : options.findIndex((option) => keyOf(option) === keyOf(value))
    setQuery('')
    setActive(Math.max(chosen, 0))
    setOpen(true)
  }
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }
  const choose = (option: T | undefined) => {
    if (option === undefined) return
    props.onChange(option)
    close(true)
  }
  const move = (index: number) => {
    const next = Math.min(Math.max(index, 0), shown.length - 1)
    setActive(next)
    list.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: 'nearest' })
  }
  // Keys for the open list, from the search field or, without one, the control itself.
  const onListKey = (event: KeyboardEvent) => {
    const handled = listKey(event.key)
    if (!handled) return
    if (event.key !== 'Tab') event.preventDefault()
    // Escape closes the list, not the dialog around it.
    event.stopPropagation()
  }
  // Without a search field, Space chooses as Enter does and a letter finds the next option starting with it.
  const listKey = (key: string): boolean => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: shown.length - 1,
      PageDown: active + 5,
      PageUp: active - 5,
    }
    const target = moves[key]
    if (target !== undefined) move(target)
    else if (key === 'Enter' || (key === ' ' && !searchable)) choose(shown[active])
    else if (key === 'Escape') close(true)
    else if (key === 'Tab') close(false)
    else if (!searchable && key.length === 1) typeAhead(key)
    else return false
    return true
  }
  const typeAhead = (letter: string) => {
    const from = shown.findIndex((option, index) => index > active && textOf(option).toLowerCase().startsWith(letter.toLowerCase()))
    const found = from >= 0 ? from : shown.findIndex((option) => textOf(option).toLowerCase().startsWith(letter.toLowerCase()))
    if (found >= 0) move(found)
  }
  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    show()
  }

  const activeId = open && shown[active] !== undefined ? optionId(active) : undefined
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not a control; it hears focus leave the control and its list.
    <div
      className="f-field"
      data-testid={props.testId}
      // Focus leaving the control and its list closes the list.
      onBlur={(event) => open && !event.currentTarget.contains(event.relatedTarget as Node | null) && close(false)}
    >
      <span className="f-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        role="combobox"
        className="f-picker"
        aria-labelledby={`${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={searchable ? undefined : activeId}
        disabled={props.disabled}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={open && !searchable ? onListKey : onTriggerKey}
      >
        <span className="f-picker-value">{value === undefined ? <span className="f-muted">{props.placeholder}</span> : render(value)}</span>
        <svg className="f-picker-chevron" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div className="f-picker-panel">
          {searchable && (
            <input
              className="f-input"
              type="search"
              role="combobox"
              aria-label={props.searchLabel}
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              autoComplete="off"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: the list was opened to search it; focus goes where the typing goes.
              autoFocus
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                setActive(0)
              }}
              onKeyDown={onListKey}
            />
          )}
          <div ref={list} className="f-picker-list" id={`${id}-list`} role="listbox" aria-labelledby={`${id}-label`}>
            {shown.map((option, index) => (
              <div
                key={keyOf(option)}
                id={optionId(index)}
                role="option"
                // Focus stays on the control (aria-activedescendant); the option is reached, not focused.
                tabIndex={-1}
                aria-label={props.labelOf?.(option)}
                className="f-picker-option"
                aria-selected={value !== undefined && keyOf(option) === keyOf(value)}
                data-active={index === active || undefined}
                onPointerMove={() => setActive(index)}
                // The pointer's choice; the keyboard's is Enter on the focused control (aria-activedescendant).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onKeyDown={onListKey}
              >
                {render(option)}
              </div>
            ))}
          </div>
          {shown.length === 0 && <p className="f-muted">{props.noMatch}</p>}
        </div>
      )}
    </div>
  )
}
