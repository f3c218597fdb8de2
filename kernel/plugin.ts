import type { Kernel } from './createKernel.js'
import type { FeatureName } from './features.js'
import type { LocaleLoader, LocaleMessages } from './i18n.js'
import type { Slots, SlotName, ViewDefinition, ViewId } from './views.js'
import { BaseError } from './errors/BaseError.js'
import { PluginError } from './errors/catalogue.js'

/** What `setup` may return: undone when the kernel is destroyed, in reverse order of setup. */
export type Teardown = () => void | Promise<void>

/**
 * A plugin as its author writes it. Keep the manifest tiny: views and services sit behind
 * `import()` in `views[id].load` and inside `setup` (STYLE 3).
 */
export interface PluginDefinition {
  /** Unique in a kernel; errors from the plugin are prefixed with it. */
  name: string
  /** Names of plugins that must be set up first. */
  requires?: readonly string[]
  /** The feature flag that gates the plugin's views and slot entries. */
  feature?: FeatureName
  /** Views the plugin adds, by id (SPEC §2 ids). */
  views?: { [V in ViewId]?: ViewDefinition }
  /** Entries the plugin adds to core views. */
  slots?: { [S in SlotName]?: ReadonlyArray<Slots[S]> }
  /** English texts inline; other locales as loaders so that they load on demand. */
  locales?: { en?: LocaleMessages } & Record<string, LocaleMessages | LocaleLoader | undefined>
  /** Runs once when the kernel is created, after the plugins it requires. */
  setup?: (kernel: Kernel) => Teardown | void
}

/** A plugin object, as `definePlugin` or `defineChain` returns it. */
export interface Plugin extends Readonly<PluginDefinition> {
  readonly kind: 'plugin' | 'chain'
}

/** Defines a feature plugin. */
export function definePlugin(definition: PluginDefinition): Plugin {
  return Object.freeze({ ...definition, kind: 'plugin' as const })
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
    throw new BaseError(
      `The entry at \`plugins[${index}]\` is not a Foyer plugin. Did you pass \`swaps\` instead of \`swaps()\`?`,
    )
  }
  return value as Plugin
}

/**
 * Sets the plugins up in order and returns one teardown that undoes them in reverse. A setup that
 * throws undoes those already set up and is rethrown with the plugin's name.
 */
export function setUpPlugins(
  kernel: Kernel,
  plugins: readonly Plugin[],
  reportTeardownError: (error: unknown) => void,
): Teardown {
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
