import type { AccountSlice } from './account.js'
import type { AlertsState } from './alerts.js'
import type { Unsubscribe } from './bus.js'
import type { ConnectionState } from './connection.js'
import type { FeaturesState } from './features.js'
import type { ModalState } from './modal.js'
import type { RouterState } from './router.js'
import type { ThemeState } from './theme.js'
import type { ToastState } from './toast.js'

/**
 * The whole state of one kernel: one slice per owner. Plugins add their slice by declaration
 * merging and `store.addSlice` (style 7).
 *
 * @example
 * declare module 'foyer' {
 *   interface FoyerState { send: SendState }
 * }
 */
export interface FoyerState {
  // The kernel's own slices are declared here, not merged in from another file: an interface that plugins augment
  // through 'foyer' and the kernel through a relative path is merged into two different copies (which one a file sees
  // depends on TypeScript's file order), so every augmentation goes through 'foyer'.
  modal: ModalState
  router: RouterState
  connection: ConnectionState
  /** rules §3 account state beyond the connection: what plugins added per connector, address labels (`getAccount`). */
  account: AccountSlice
  features: FeaturesState
  toast: ToastState
  alerts: AlertsState
  theme: ThemeState
}

export type SliceName = keyof FoyerState & string

/** One store, slices, selector subscriptions. React reads it through `useSyncExternalStore`. */
export interface Store {
  getState(): FoyerState
  /** Adds a slice with its initial state; adding a slice that exists is a programming error. */
  addSlice<K extends SliceName>(name: K, initial: FoyerState[K]): void
  removeSlice(name: SliceName): void
  /** Replaces a slice with what `update` returns; listeners run only when the slice object changes. */
  update<K extends SliceName>(name: K, update: (slice: FoyerState[K]) => FoyerState[K]): void
  /** Calls `listener` after every change. */
  subscribe(listener: () => void): Unsubscribe
  /** Calls `listener` when what `selector` picks changes (by `Object.is`, or `equal`). */
  select<T>(selector: (state: FoyerState) => T, listener: (value: T, previous: T) => void, equal?: (a: T, b: T) => boolean): Unsubscribe
}

export function createStore(): Store {
  let state = {} as FoyerState
  const listeners = new Set<() => void>()

  function replace(next: FoyerState) {
    state = next
    for (const listener of [...listeners]) listener()
  }

  return {
    getState: () => state,
    addSlice(name, initial) {
      if (name in state) throw new Error(`The store already has a slice named '${name}'.`)
      replace({ ...state, [name]: initial })
    },
    removeSlice(name) {
      if (!(name in state)) return
      const { [name]: _removed, ...rest } = state
      replace(rest as FoyerState)
    },
    update(name, update) {
      if (!(name in state)) throw new Error(`The store has no slice named '${name}'.`)
      const next = update(state[name])
      if (next !== state[name]) replace({ ...state, [name]: next })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    select(selector, listener, equal = Object.is) {
      let current = selector(state)
      const onChange = () => {
        const next = selector(state)
        if (equal(next, current)) return
        const previous = current
        current = next
        listener(next, previous)
      }
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
  }
}
