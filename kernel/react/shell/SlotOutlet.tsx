import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import type { SlotEntry } from '../../views.js'
import { Skeleton } from '../../ui/Spinner.js'

// One lazy component per entry, kept for the page's life so a remount does not load it again.
const components = new WeakMap<SlotEntry, ComponentType>()

function componentFor(entry: SlotEntry): ComponentType | undefined {
  const load = entry.load
  if (!load) return undefined
  let component = components.get(entry)
  if (!component) {
    component = lazy(() => load() as Promise<{ default: ComponentType }>)
    components.set(entry, component)
  }
  return component
}

/** Renders a plugin's slot entry, loading its component on first use. */
export function SlotOutlet({ entry }: { entry: SlotEntry }) {
  const Component = useMemo(() => componentFor(entry), [entry])
  if (!Component) return null
  return (
    <Suspense fallback={<Skeleton height={56} />}>
      <Component />
    </Suspense>
  )
}
