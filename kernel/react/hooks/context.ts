import { createContext, useContext, useSyncExternalStore, useCallback, useRef } from 'react'
import type { Kernel } from '../../core/createKernel.js'
import type { FoyerState } from '../../core/store.js'
import type { MessageKey, MessageParams } from '../../core/i18n.js'

export const KernelContext = createContext<Kernel | null>(null)

/** The kernel of the nearest `FoyerProvider`. */
export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('Foyer hooks must be used inside <FoyerProvider kernel={kernel}>.')
  return kernel
}

/**
 * Reads part of the kernel's state and re-renders when it changes. The selector should return a
 * value that is stable while the state is (a slice, a field), or pass `equal`.
 */
export function useFoyerState<T>(selector: (state: FoyerState) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const kernel = useKernel()
  const last = useRef<{ value: T } | null>(null)
  const getSnapshot = useCallback(() => {
    const next = selector(kernel.store.getState())
    if (last.current && equal(last.current.value, next)) return last.current.value
    last.current = { value: next }
    return next
  }, [kernel, selector, equal])
  return useSyncExternalStore(kernel.store.subscribe, getSnapshot, getSnapshot)
}

/** The translate function, re-rendering when the locale changes. */
export function useTranslate(): (key: MessageKey, params?: MessageParams) => string {
  const kernel = useKernel()
  const locale = useSyncExternalStore(
    kernel.i18n.subscribe,
    () => kernel.i18n.locale,
    () => kernel.i18n.locale,
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale in the deps makes consumers re-render with new texts when it changes.
  return useCallback((key, params) => kernel.i18n.t(key, params), [kernel, locale])
}
