import { useEffect, useState, type ComponentType } from 'react'
import type { SlotEntry } from '../../core/views.js'
import { Skeleton } from '../../ui/Spinner.js'
import { useKernel } from '../hooks/context.js'

/**
 * Renders a plugin's slot entry, loading its component on first use. Not React.lazy: React 19 holds
 * a resolved Suspense boundary back for up to 300 ms, which a tab switch should not wait for.
 */
export function SlotOutlet({ entry }: { entry: SlotEntry }) {
  const kernel = useKernel()
  // Read from the registry on every render, so a new `entry` in the same place never shows the old one.
  const Component = kernel.views.loadedEntry(entry)?.default as ComponentType | undefined
  const [, rerender] = useState(0)
  useEffect(() => {
    if (Component || !entry.load) return
    let current = true
    kernel.views.loadEntry(entry).then(
      () => {
        if (current) rerender((count) => count + 1)
      },
      (error: unknown) => kernel.logger.error(`The slot entry '${entry.id}' failed to load.`, error),
    )
    return () => {
      current = false
    }
  }, [entry, Component, kernel])
  if (!entry.load) return null
  return Component ? <Component /> : <Skeleton height={56} />
}
