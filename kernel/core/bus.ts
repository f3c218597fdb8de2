import mitt, { type Emitter } from 'mitt'
import type { SentTransaction } from '../model/transaction.js'
import type { ViewId } from './views.js'

/**
 * The events the kernel announces. Plugins add theirs by declaration merging:
 *
 * @example
 * declare module 'foyer' {
 *   interface FoyerEvents { 'send:succeeded': { hash: string } }
 * }
 *
 * Names are `owner:past-tense` and every payload is one object (style 6).
 */
export interface FoyerEvents {
  // The kernel's own events are declared here rather than merged in (see FoyerState in store.ts).
  'modal:opened': { view: ViewId }
  'modal:closed': Record<string, never>
  /** rules §1: the remote project configuration overrode these local settings. */
  'features:local-config-ignored': { features: readonly string[] }
  'kernel:destroyed': Record<string, never>
  /**
   * The account's balances may have changed (a send, a swap …): cached balances and history are
   * forgotten and mounted views read them again. Any plugin may emit it.
   */
  'balances:changed': Record<string, never>
  /**
   * A transaction sent through Foyer (send, swap …) was confirmed by the network. Announced before
   * 'balances:changed'; the activity plugin lists it as pending until the data service has it.
   */
  'transaction:sent': SentTransaction
}

export type EventName = keyof FoyerEvents & string
export type EventHandler<E extends EventName> = (payload: FoyerEvents[E]) => void
export type Unsubscribe = () => void

/** A typed event bus over mitt. `on` returns its unsubscribe; a throwing handler cannot break the others. */
export interface Bus {
  on<E extends EventName>(event: E, handler: EventHandler<E>): Unsubscribe
  once<E extends EventName>(event: E, handler: EventHandler<E>): Unsubscribe
  emit<E extends EventName>(event: E, payload: FoyerEvents[E]): void
  /** Removes every listener. */
  clear(): void
}

/**
 * Creates an event bus. `reportError` receives whatever a handler throws, so one broken
 * listener is reported and the others still run.
 */
export function createBus(reportError: (error: unknown, event: string) => void): Bus {
  const emitter = mitt() as unknown as Emitter<Record<string, unknown>>

  function on<E extends EventName>(event: E, handler: EventHandler<E>): Unsubscribe {
    const guarded = (payload: unknown) => {
      try {
        handler(payload as FoyerEvents[E])
      } catch (error) {
        reportError(error, event)
      }
    }
    emitter.on(event, guarded)
    return () => emitter.off(event, guarded)
  }

  function once<E extends EventName>(event: E, handler: EventHandler<E>): Unsubscribe {
    const off = on(event, (payload) => {
      off()
      handler(payload)
    })
    return off
  }

  const bus: Bus = {
    on,
    once,
    emit: (event, payload) => emitter.emit(event, payload),
    clear: () => emitter.all.clear(),
  }
  return bus
}
