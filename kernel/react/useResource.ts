import { useEffect, useState } from 'react'

/** What a view shows while its data loads, once it is there, or after it failed. */
export type ResourceState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown }

/** Runs `load` when `key` changes (not when `load` does) and tracks its outcome; a stale answer is ignored. */
export function useResource<T>(key: string | undefined, load: () => Promise<T>): ResourceState<T> | undefined {
  const [state, setState] = useState<{ key?: string; value: ResourceState<T> }>({ value: { status: 'loading' } })
  useEffect(() => {
    if (key === undefined) return
    let current = true
    setState({ key, value: { status: 'loading' } })
    load().then(
      (data) => current && setState({ key, value: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key, value: { status: 'error', error } }),
    )
    return () => {
      current = false
    }
    // `load` is a fresh closure each render; `key` names what it loads.
  }, [key])
  if (key === undefined) return undefined
  return state.key === key ? state.value : { status: 'loading' }
}
