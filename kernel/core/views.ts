import type { Unsubscribe } from './bus.js'
import type { CapabilityName } from './chain.js'
import { BaseError } from './errors/BaseError.js'
import type { FeatureName } from './features.js'
import type { LocaleMessages, MessageKey } from './i18n.js'

/**
 * Every view id with the params it takes. Plugins add their views by declaration merging, never
 * through a central switch (style 5). Ids are exactly those of rules §2.
 *
 * @example
 * declare module 'foyer' {
 *   interface ViewParams { Swap: { from?: string } }
 * }
 */
export interface ViewParams {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  ConnectingExternal: { connectorId: string }
  Networks: undefined
}

export type ViewId = keyof ViewParams & string

/** A view as its owner registers it: the title key and a loader that `import()`s the component. */
export interface ViewDefinition {
  /** i18n key of the title that names the dialog while this view shows. */
  title: MessageKey
  /** Loads the view's module; the React layer renders its `default` export. */
  load: () => Promise<{ default: unknown }>
  /** When set, the view exists only while this feature is on (rules §9). */
  feature?: FeatureName
}

/**
 * The places in core views that plugins fill: an entry per contribution, each lazily loaded.
 * Plugins add slots by declaration merging, like views.
 */
export interface Slots {
  /**
   * Tabs of the Account view (Tokens, NFTs, Activity). With `capability`, the tab shows only while the
   * connected account's chain offers it (rules §6: Activity where the chain has a history).
   */
  'account-tabs': SlotEntry & { capability?: CapabilityName }
  /**
   * Actions under the account (send, receive, swap, buy), ordered by the wallet features order (rules §9).
   * With `capability`, the action shows only while the connected account's chain offers it; with
   * `networks` (CAIP-2 ids), only while the account is on one of them (rules §6: swaps on 12 networks).
   */
  'wallet-features': SlotEntry & { view: ViewId; capability?: CapabilityName; networks?: readonly string[] }
  /** Rows under the address while the active connection is `connectorId`'s (the embedded wallet's email). */
  'account-details': SlotEntry & { connectorId: string }
  /** Connect methods above the wallet list (email, social); wallets are the chains' connectors. */
  'connect-methods': SlotEntry & { method: 'email' | 'social' }
}

export type SlotName = keyof Slots & string

export interface SlotEntry {
  /** Unique within the slot. */
  id: string
  /** i18n key of the entry's visible label. */
  label: MessageKey
  /** Lower comes first. @default 0 */
  order?: number
  /** When set, the entry shows only while this feature is on. */
  feature?: FeatureName
  /** Loads the entry's component, when it has one of its own. */
  load?: () => Promise<{ default: unknown }>
}

/** Views by id, and what plugins contribute to the slots of core views. */
export interface ViewRegistry {
  register<V extends ViewId>(id: V, definition: ViewDefinition): Unsubscribe
  get(id: string): ViewDefinition | undefined
  ids(): ViewId[]
  /** Loads a view's module once; later calls share the first load. */
  load(id: ViewId): Promise<{ default: unknown }>
  /** The view's module if a load has finished, so a preloaded view renders without waiting a tick. */
  loaded(id: ViewId): { default: unknown } | undefined
  contribute<S extends SlotName>(slot: S, entry: Slots[S]): Unsubscribe
  /** A slot's entries, sorted by `order`. */
  slot<S extends SlotName>(slot: S): Array<Slots[S]>
  /** Loads a slot entry's component once, like `load` for views. */
  loadEntry(entry: SlotEntry): Promise<{ default: unknown }>
  /** The entry's module once its load has finished, so a remount renders at once. */
  loadedEntry(entry: SlotEntry): { default: unknown } | undefined
}

export class UnknownViewError extends BaseError {
  override name = 'UnknownViewError'
  constructor(id: string, known: readonly string[]) {
    super(
      `Unknown view '${id}'. Registered views: ${known.join(', ')}. ` +
        'A view that belongs to a plugin exists only when that plugin is in `plugins` and its feature is on.',
    )
  }
}

/**
 * A view's or slot entry's module: its component, and the English texts it shows where they are not the kernel's or
 * its plugin manifest's (`export { viewTexts as texts } from './texts.js'`), added as the module loads.
 */
type Module = { default: unknown; texts?: LocaleMessages }

/** Loads each key's module once, keeping it for renders that must not wait; a failed load is forgotten, so the next use retries. */
function createModuleCache<K>(loaded: (module: Module) => void) {
  const loads = new Map<K, Promise<Module>>()
  const modules = new Map<K, Module>()
  return {
    load(key: K, load: () => Promise<Module>): Promise<Module> {
      let pending = loads.get(key)
      if (!pending) {
        pending = load().then(
          (module) => {
            loaded(module)
            modules.set(key, module)
            return module
          },
          (error: unknown) => {
            loads.delete(key)
            throw error
          },
        )
        loads.set(key, pending)
      }
      return pending
    },
    loaded: (key: K) => modules.get(key),
    forget(key: K) {
      loads.delete(key)
      modules.delete(key)
    },
  }
}

/**
 * @param addTexts how a loaded module's English texts join the kernel's (`i18n.addDefaults`): before the module
 *   renders, under the host's own and any loaded translation.
 */
export function createViewRegistry(addTexts: (texts: LocaleMessages) => void = () => {}): ViewRegistry {
  const views = new Map<string, ViewDefinition>()
  const slots = new Map<string, Array<SlotEntry>>()
  const addModuleTexts = (module: Module) => module.texts && addTexts(module.texts)
  const viewModules = createModuleCache<string>(addModuleTexts)
  const entryModules = createModuleCache<SlotEntry>(addModuleTexts)

  return {
    register(id, definition) {
      if (views.has(id)) throw new Error(`The view '${id}' is registered twice.`)
      views.set(id, definition)
      return () => {
        views.delete(id)
        viewModules.forget(id)
      }
    },
    get: (id) => views.get(id),
    ids: () => [...views.keys()] as ViewId[],
    load(id) {
      const definition = views.get(id)
      if (!definition) return Promise.reject(new UnknownViewError(id, [...views.keys()]))
      return viewModules.load(id, definition.load)
    },
    loaded: (id) => viewModules.loaded(id),
    contribute(slot, entry) {
      const entries = slots.get(slot) ?? []
      if (entries.some((existing) => existing.id === entry.id)) {
        throw new Error(`The slot '${slot}' already has an entry '${entry.id}'.`)
      }
      slots.set(
        slot,
        [...entries, entry].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      )
      return () => {
        slots.set(
          slot,
          (slots.get(slot) ?? []).filter((existing) => existing !== entry),
        )
        entryModules.forget(entry)
      }
    },
    slot: (slot) => (slots.get(slot) ?? []) as Array<Slots[typeof slot]>,
    loadEntry(entry) {
      if (!entry.load) return Promise.reject(new Error(`The slot entry '${entry.id}' has no component to load.`))
      return entryModules.load(entry, entry.load)
    },
    loadedEntry: (entry) => entryModules.loaded(entry),
  }
}
