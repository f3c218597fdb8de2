import type { Kernel } from './createKernel.js'
import type { FeatureName, FlagDeclarations } from './features.js'
import type { LocaleLoader, LocaleMessages } from './i18n.js'
import type { PluginHooks } from './lifecycle.js'
import type { Slots, SlotName, ViewDefinition, ViewId } from './views.js'
import { BaseError } from './errors/BaseError.js'
import { PluginError } from './errors/catalogue.js'

/** What `setup` may return: undone when the kernel is destroyed, in reverse order of setup. */
export type Teardown = () => void | Promise<void>

/**
 * What plugins offer each other, by plugin name (style 20: a plugin calls another through its
 * api, never by importing it). A plugin adds its own by declaration merging:
 *
 * @example
 * declare module 'foyer' {
 *   interface PluginApis { send: SendApi }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add members by declaration merging
export interface PluginApis {}

/**
 * A plugin as its author writes it. Keep the manifest tiny: views and services sit behind
 * `import()` in `views[id].load`, inside `setup` and inside `api` functions (style 3).
 */
export interface PluginDefinition<Name extends string = string> {
  /** Unique in a kernel; errors from the plugin are prefixed with it. */
  name: Name
  /** Names of plugins that must be set up first, such as those whose `api` it calls. */
  requires?: readonly string[]
  /**
   * The feature flags the plugin brings: their default and whether the remote project
   * configuration may set them (rules §9). Their types join `Features` by declaration merging.
   *
   * @example { send: { default: true } }
   */
  flags?: FlagDeclarations
  /** The feature flag that gates every view and slot entry of the plugin; the kernel's or a declared one. */
  feature?: FeatureName
  /**
   * Functions other plugins call through `pluginApi(kernel, name)`, typed by the plugin's entry in
   * `PluginApis`. They take the kernel as their first argument, so one object serves every kernel.
   *
   * @example { sendToken: async (kernel, params) => (await import('./sendToken.js')).sendToken(kernel, params) }
   */
  api?: Name extends keyof PluginApis ? PluginApis[Name] : object
  /** Views the plugin adds, by id (rules §2 ids). */
  views?: { [V in ViewId]?: PluginView }
  /** Entries the plugin adds to core views. */
  slots?: { [S in SlotName]?: ReadonlyArray<PluginSlotEntry<S>> }
  /** English texts inline; other locales as loaders so that they load on demand. */
  locales?: { en?: LocaleMessages } & Record<string, LocaleMessages | LocaleLoader | undefined>
  /** Lifecycle hooks, run in plugin order (`afterConnect` …). */
  hooks?: PluginHooks
  /** Runs once when the kernel is created, after the plugins it requires. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a setup that needs no teardown may return nothing at all.
  setup?: (kernel: Kernel) => Teardown | void
}

/**
 * When a view or slot entry of a manifest exists at all. The kernel asks once, when it is created, after the chains
 * are known and before any `setup`; what it asks about (chains, options, the visitor's time zone) does not change
 * while the kernel lives. See docs/concepts/plugins.md.
 */
export interface Availability {
  /**
   * False leaves the view or entry out of this kernel, as if the plugin had not declared it.
   * @default always available
   * @example { available: (kernel) => kernel.chains.withCapability('transfer').length > 0 }
   */
  available?: (kernel: Kernel) => boolean
}

/** The flag of a manifest's view or entry is the plugin's `feature`, one for all of them; they name none of their own. */
interface GatedByThePlugin {
  feature?: never
}

/** A view as a manifest declares it. */
export type PluginView = Omit<ViewDefinition, 'feature'> & GatedByThePlugin & Availability

/** A slot entry as a manifest declares it. */
export type PluginSlotEntry<S extends SlotName> = Omit<Slots[S], 'feature'> & GatedByThePlugin & Availability

/** A plugin object, as `definePlugin` or `defineChain` returns it. */
export interface Plugin extends Readonly<PluginDefinition> {
  readonly kind: 'plugin' | 'chain'
}

/** Defines a feature plugin. */
export function definePlugin<const Name extends string>(definition: PluginDefinition<Name>): Plugin {
  return Object.freeze({ ...definition, kind: 'plugin' as const })
}

/**
 * The api a plugin offers the others (`definePlugin({ api })`). A plugin that calls it lists the
 * other in `requires`, so a missing one fails at `createKernel` already.
 *
 * @throws {PluginApiNotFoundError} when the plugin is not in `plugins` or offers no api.
 * @example
 * const { hash } = await pluginApi(kernel, 'send').sendToken(kernel, { token, amount: '1', to })
 */
export function pluginApi<Name extends keyof PluginApis & string>(kernel: Kernel, name: Name): PluginApis[Name] {
  const plugin = kernel.plugins.find((candidate) => candidate.name === name)
  if (!plugin?.api) throw new PluginApiNotFoundError(name, plugin !== undefined)
  return plugin.api as PluginApis[Name]
}

/** Whatever a host may put in `plugins`: falsy entries are skipped, so `flag && swaps()` works. */
export type PluginOption = Plugin | false | null | undefined

export class DuplicatePluginError extends BaseError {
  override name = 'DuplicatePluginError'
  constructor(plugin: string) {
    super(`The plugin '${plugin}' is listed twice in \`plugins\`. Keep one entry.`)
  }
}

export class MissingPluginError extends BaseError {
  override name = 'MissingPluginError'
  constructor(plugin: string, required: string) {
    super(`The plugin '${plugin}' requires '${required}'. Add ${required}() to \`plugins\`.`)
  }
}

/** `pluginApi` asked for a plugin that is not there or offers no api. */
export class PluginApiNotFoundError extends BaseError {
  override name = 'PluginApiNotFoundError'
  constructor(plugin: string, listed: boolean) {
    super(
      listed
        ? `The plugin '${plugin}' offers no api to other plugins. Check the name passed to pluginApi.`
        : `The plugin '${plugin}' is not in \`plugins\`. Add ${plugin}() to \`plugins\`; a plugin that calls its api lists '${plugin}' in \`requires\`.`,
    )
  }
}

/**
 * Checks the host's plugin list and orders it for setup: falsy entries skipped, every entry a
 * plugin, no name twice, every `requires` present, required plugins before those that need them.
 */
export function resolvePlugins(options: readonly unknown[]): Plugin[] {
  const plugins = options.filter(Boolean).map(assertPlugin)
  const byName = new Map<string, Plugin>()
  for (const plugin of plugins) {
    if (byName.has(plugin.name)) throw new DuplicatePluginError(plugin.name)
    byName.set(plugin.name, plugin)
  }
  const ordered: Plugin[] = []
  const visiting = new Set<string>()
  const visit = (plugin: Plugin) => {
    if (ordered.includes(plugin)) return
    if (visiting.has(plugin.name)) {
      throw new PluginError(plugin.name, 'is part of a `requires` cycle; remove one of the requirements.')
    }
    visiting.add(plugin.name)
    for (const required of plugin.requires ?? []) {
      const dependency = byName.get(required)
      if (!dependency) throw new MissingPluginError(plugin.name, required)
      visit(dependency)
    }
    visiting.delete(plugin.name)
    ordered.push(plugin)
  }
  plugins.forEach(visit)
  return ordered
}

function assertPlugin(value: unknown, index: number): Plugin {
  const candidate = value as Partial<Plugin>
  if (
    typeof value !== 'object' ||
    typeof candidate.name !== 'string' ||
    candidate.name === '' ||
    (candidate.kind !== 'plugin' && candidate.kind !== 'chain')
  ) {
    throw new BaseError(`The entry at \`plugins[${index}]\` is not a Foyer plugin. Did you pass \`swaps\` instead of \`swaps()\`?`)
  }
  return value as Plugin
}

/**
 * Sets the plugins up in order and returns one teardown that undoes them in reverse. A setup that
 * throws undoes those already set up and is rethrown with the plugin's name.
 */
export function setUpPlugins(kernel: Kernel, plugins: readonly Plugin[], reportTeardownError: (error: unknown) => void): Teardown {
  const teardowns: Array<{ name: string; teardown: Teardown }> = []
  const tearDown = async () => {
    for (const { name, teardown } of teardowns.reverse()) {
      try {
        await teardown()
      } catch (error) {
        reportTeardownError(wrapPluginError(name, 'teardown', error))
      }
    }
    teardowns.length = 0
  }
  for (const plugin of plugins) {
    try {
      const teardown = plugin.setup?.(kernel)
      if (typeof teardown === 'function') teardowns.push({ name: plugin.name, teardown })
    } catch (error) {
      void tearDown()
      throw wrapPluginError(plugin.name, 'setup', error)
    }
  }
  return tearDown
}

function wrapPluginError(plugin: string, hook: string, error: unknown): PluginError {
  const message = error instanceof Error ? error.message : String(error)
  return new PluginError(plugin, `${hook} failed: ${message}`, { cause: error })
}
