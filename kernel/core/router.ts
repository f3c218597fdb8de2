import type { Unsubscribe } from './bus.js'
import type { Kernel } from './createKernel.js'
import { ModalClosedError, ViewLeftError } from './errors/catalogue.js'
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

/**
 * What a view answers when it is shown through `router.request`, by view id. Plugins add theirs by
 * declaration merging, like view params.
 *
 * @example
 * declare module 'foyer' {
 *   interface ViewResults { ApproveTransaction: boolean }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add members by declaration merging
export interface ViewResults {}

/** The views that answer a request. */
export type RequestableView = keyof ViewResults & ViewId

/** How the router reaches the modal it lives in. */
export interface RouterModal {
  isOpen(): boolean
  /** Opens the modal at `entry`, as the only view in its history. */
  open(entry: RouteEntry): void
  close(): void
}

/** A typed history stack; opening and closing rules live in `modal.ts` (rules §2). */
export interface Router {
  current(): RouteEntry
  push<V extends ViewId>(...args: RouteArgs<V>): void
  /** Pushes an entry made elsewhere (a connector's route). */
  go(entry: RouteEntry): void
  replace<V extends ViewId>(...args: RouteArgs<V>): void
  /** Goes back one view; returns false at the first view, where the caller closes the modal (rules §2). */
  back(): boolean
  /** Starts a new history at `entry`. */
  reset(entry?: RouteEntry): void
  canGoBack(): boolean
  /**
   * Shows a view and waits for its answer: pushed when the modal is open, else the modal opens at
   * it. Resolves with what the view passes to `finish`, after which its entry leaves (and the modal
   * closes, if the request opened it). Rejects with 'Modal closed' (rules §8) when the modal closes first,
   * and with `ViewLeftError` when the visitor goes back from it.
   *
   * @example
   * const approved = await kernel.router.request('ApproveTransaction', { id })
   */
  request<V extends RequestableView>(...args: RouteArgs<V>): Promise<ViewResults[V]>
  /** Answers the request of the view on screen; false when that view awaits no answer. */
  finish(result?: unknown): boolean
  /** True while the view on screen was shown through `request` and has not answered. */
  isAwaited(): boolean
}

export const INITIAL_ROUTE: RouteEntry = { view: 'Connect', params: undefined }

/**
 * Creates the router over the store's `router` slice. Every navigation checks that the view is
 * registered and its feature on, so a bad id fails loudly instead of showing a blank modal.
 */
export function createRouter(store: Store, views: ViewRegistry, isViewAvailable: (view: ViewId) => boolean, modal: RouterModal): Router {
  const history = () => store.getState().router.history
  const set = (next: readonly RouteEntry[]) => store.update('router', () => ({ history: next }))
  const entry = ([view, params]: [ViewId, unknown?]): RouteEntry => {
    if (!isViewAvailable(view)) throw new UnknownViewError(view, views.ids().filter(isViewAvailable))
    return { view, params } as RouteEntry
  }
  const current = () => history().at(-1) ?? INITIAL_ROUTE
  const back = () => {
    if (history().length <= 1) return false
    set(history().slice(0, -1))
    return true
  }

  // Requests by the entry they showed: an entry that leaves the history unanswered rejects its request.
  const pending = new Map<RouteEntry, { resolve(result: unknown): void; reject(error: Error): void; opened: boolean }>()
  store.select(history, (entries) => {
    for (const [shown, request] of pending) {
      if (entries.includes(shown)) continue
      pending.delete(shown)
      request.reject(modal.isOpen() ? new ViewLeftError(shown.view) : new ModalClosedError())
    }
  })

  return {
    current,
    push: (...args) => set([...history(), entry(args)]),
    go: (next) => set([...history(), entry([next.view, next.params])]),
    replace: (...args) => set([...history().slice(0, -1), entry(args)]),
    back,
    reset: (start = INITIAL_ROUTE) => set([start]),
    canGoBack: () => history().length > 1,
    request(...args) {
      const shown = entry(args)
      const opened = !modal.isOpen()
      if (opened) modal.open(shown)
      else set([...history(), shown])
      return new Promise((resolve, reject) => {
        pending.set(current(), { resolve: resolve as (result: unknown) => void, reject, opened })
      })
    },
    finish(result) {
      const shown = current()
      const request = pending.get(shown)
      if (!request) return false
      // Forgotten first, so that its entry leaving does not count as the visitor leaving it.
      pending.delete(shown)
      if (request.opened && history().length === 1) modal.close()
      else back()
      request.resolve(result)
      return true
    },
    isAwaited: () => pending.has(current()),
  }
}

/**
 * Calls `left` each time the last of `views` leaves the modal's history (back, close), and not while another view
 * sits over it. A view that keeps its step in a store slice resets it here, so that the visitor who comes back
 * starts over while one who looks at Networks and returns finds the view as they left it.
 *
 * @example
 * whenViewLeaves(kernel, ['Send'], () => kernel.store.update('send', (state) => ({ ...state, step: 'form' })))
 */
export function whenViewLeaves(kernel: Kernel, views: readonly ViewId[], left: () => void): Unsubscribe {
  return kernel.store.select(
    (state) => state.router.history.some((entry) => views.includes(entry.view)),
    (shown) => {
      if (!shown) left()
    },
  )
}
