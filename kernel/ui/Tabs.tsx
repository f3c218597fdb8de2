import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface Tab {
  id: string
  label: string
  content: ReactNode
}

export interface TabsProps {
  tabs: readonly Tab[]
  /** Names the tab list for screen readers. */
  label: string
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected one is in the tab order. */
export function Tabs({ tabs, label }: TabsProps) {
  const [selectedId, setSelectedId] = useState(tabs[0]?.id)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const baseId = useId()
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  )
  const selected = tabs[selectedIndex]

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -selectedIndex, End: tabs.length - 1 - selectedIndex }
    const move = moves[event.key]
    if (move === undefined) return
    event.preventDefault()
    const index = (selectedIndex + move + tabs.length) % tabs.length
    setSelectedId(tabs[index]?.id)
    buttons.current[index]?.focus()
  }

  if (!selected) return null
  return (
    <div className="f-tabs">
      <div role="tablist" aria-label={label} className="f-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            className="f-tab"
            onClick={() => setSelectedId(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected.id}`} className="f-tabpanel">
        {selected.content}
      </div>
    </div>
  )
}
