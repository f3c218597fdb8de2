import type { Store } from './store.js'
import { UnknownViewError, type ViewId, type ViewParams, type ViewRegistry } from './views.js'

/** One step of the modal's history. */
export type RouteEntry = { [V in ViewId]: { view: V; params: ViewParams[V] } }[ViewId]

export interface RouterState {
  /** Oldest first; the last entry is the view on screen. Never empty. */
  history: readonly RouteEntry[]
}

/** `params` is optional exactly for the views that take none. */
export type RouteArgs<V extends ViewId> = ViewParams[V] extends undefined
  ? [view: V, params?: ViewParams[V]]
  : [view: V, params: ViewParams[V]]

/** A typed history stack; opening and closing rules live in `modal.ts` (§2). */
export interface Router {
  current(): RouteEntry
  push<V extends ViewId>(...args: RouteArgs<V>): void
  replace<V extends ViewId>(...args: RouteArgs<V>): void
  /** Goes back one view; returns false at the first view, where the caller closes the modal (§2). */
  back(): boolean
  /** Starts a new history at `entry`. */
  reset(entry?: RouteEntry): void
  canGoBack(): boolean
}

export const INITIAL_ROUTE: RouteEntry = { view: 'Connect', params: undefined }

/**
 * Creates the router over the store's `router` slice. Every navigation checks that the view is
 * registered and its feature on, so a bad id fails loudly instead of showing a blank modal.
 */
export function createRouter(store: Store, views: ViewRegistry, isViewAvailable: (view: ViewId) => boolean): Router {
  const history = () => store.getState().router.history
  const set = (next: readonly RouteEntry[]) => store.update('router', () => ({ history: next }))
  const entry = ([view, params]: [ViewId, unknown?]): RouteEntry => {
    if (!isViewAvailable(view)) throw new UnknownViewError(view, views.ids().filter(isViewAvailable))
    return { view, params } as RouteEntry
  }

  return {
    current: () => history().at(-1) ?? INITIAL_ROUTE,
    push: (...args) => set([...history(), entry(args)]),
    replace: (...args) => set([...history().slice(0, -1), entry(args)]),
    back() {
      if (history().length <= 1) return false
      set(history().slice(0, -1))
      return true
    },
    reset: (start = INITIAL_ROUTE) => set([start]),
    canGoBack: () => history().length > 1,
  }
}
