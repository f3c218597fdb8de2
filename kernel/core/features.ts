import { InvalidOptionsError, PluginError } from './errors/catalogue.js'
import type { Plugin } from './plugin.js'

/**
 * Feature flags by name, with their value types. The kernel declares the flags it reads itself;
 * a plugin adds its own by declaration merging and declares them in `definePlugin({ flags })`, so
 * a flag exists exactly when the code that reads it does.
 *
 * @example
 * declare module 'foyer' {
 *   interface Features { swaps: boolean }
 * }
 */
export interface Features {
  /** The searchable All Wallets view. @default true */
  allWallets: boolean
  /**
   * Report the modal's events (rules §7 `POST /e`) to `services.analytics`; without that service nothing is sent.
   * @default true
   */
  analytics: boolean
  /** A small "Foyer" mark at the foot of the modal; the remote configuration may set it. @default true */
  branding: boolean
  /**
   * A checkbox on the Connect view (and before a WalletConnect QR code) linking the host's
   * `termsConditionsUrl` and `privacyPolicyUrl`: every way to connect stays disabled until it is ticked.
   * Needs at least one of the two URLs. @default false (rules §9)
   */
  legalCheckbox: boolean
  /**
   * With connect methods (email, socials) on the Connect view, the wallets fold into one
   * "Continue with a wallet" button that unfolds them. @default false (rules §9)
   */
  collapseWallets: boolean
  /**
   * Order of the wallet actions under the account, by their `wallet-features` entry id; actions
   * not listed come last. @default ['onramp', 'swaps', 'receive', 'send'] (rules §9)
   */
  walletFeaturesOrder: readonly string[]
  /**
   * Smart sessions: permissions (ERC-7715) that let a site act for the visitor without asking each time. Read by no
   * code: the embedded wallet grants permissions whatever it says (docs/permissions.md), each one approved by the
   * visitor in the secure frame, then enforced on chain. Declared so that a host's configuration that sets it is
   * taken. @default false (rules §9)
   */
  smartSessions: boolean
}

export type FeatureName = keyof Features & string

/** How the kernel or a plugin declares one feature flag. */
export interface FlagDeclaration<T = unknown> {
  /** The value when neither the host nor the remote project configuration sets it. */
  default: T
  /** The remote project configuration (rules §9) may set it, and then wins over the host's value (rules §1). @default false */
  remote?: boolean
}

/**
 * Flag declarations by name; each default has its flag's type.
 *
 * @example
 * { send: { default: true }, activity: { default: true, remote: true } }
 */
export type FlagDeclarations = { [F in FeatureName]?: FlagDeclaration<Features[F]> }

/** The flags the kernel reads itself (rules §9 defaults). Every other flag comes with its plugin. */
export const KERNEL_FLAGS = {
  allWallets: { default: true },
  analytics: { default: true },
  branding: { default: true, remote: true },
  legalCheckbox: { default: false },
  collapseWallets: { default: false },
  walletFeaturesOrder: { default: ['onramp', 'swaps', 'receive', 'send'] },
  // Read by no code yet (see Features.smartSessions); declared so a host may set it, rules §9 listing it as a local default.
  smartSessions: { default: false },
} as const satisfies FlagDeclarations

/** The values of the declared flags: the kernel's are always there, a plugin's while it is in `plugins`. */
export type FeatureFlags = Pick<Features, keyof typeof KERNEL_FLAGS> & Partial<Features>

export interface FeaturesState {
  flags: FeatureFlags
  /** Whether the remote configuration has been applied. */
  remoteApplied: boolean
  /** Local settings the remote configuration overrode (rules §1 'Local configuration ignored'). */
  ignoredLocal: FeatureName[]
}

/** True when a feature is on: a list counts as on while it is not empty, an undeclared flag is off. */
export function isFeatureEnabled(flags: Partial<Features>, name: FeatureName): boolean {
  const value = flags[name] as unknown
  return Array.isArray(value) ? value.length > 0 : Boolean(value)
}

/**
 * The kernel's flag declarations and those of the plugins, by name. Throws a `PluginError` when a
 * flag is declared twice, or when a plugin is gated by a flag nobody declares.
 */
export function declareFlags(plugins: readonly Plugin[]): Record<string, FlagDeclaration> {
  const declared: Record<string, FlagDeclaration> = { ...KERNEL_FLAGS }
  const owners = new Map<string, string>()
  for (const plugin of plugins) {
    for (const [name, declaration] of Object.entries(plugin.flags ?? {})) {
      if (name in declared) {
        const owner = owners.has(name) ? `'${owners.get(name)}'` : 'the kernel'
        throw new PluginError(plugin.name, `declares the feature flag '${name}', which ${owner} declares too. Rename one of them.`)
      }
      declared[name] = declaration
      owners.set(name, plugin.name)
    }
  }
  for (const plugin of plugins) {
    if (plugin.feature && !(plugin.feature in declared)) {
      throw new PluginError(
        plugin.name,
        `is gated by the feature flag '${plugin.feature}', which no plugin declares. Declare it in \`flags\`.`,
      )
    }
  }
  return declared
}

/**
 * The flags from the declared defaults and the host's `features`. Throws an `InvalidOptionsError`
 * for a name nobody declared.
 */
export function resolveLocalFeatures(declared: Record<string, FlagDeclaration>, local: Partial<Features> = {}): FeaturesState {
  const unknown = Object.keys(local).filter((name) => !(name in declared))
  if (unknown.length > 0) {
    throw new InvalidOptionsError(
      `Unknown feature ${unknown.map((name) => `'${name}'`).join(', ')} in \`features\`. ` +
        `A feature flag exists when its plugin is in \`plugins\`; known flags: ${Object.keys(declared).join(', ')}.`,
    )
  }
  for (const [name, value] of Object.entries(local)) checkFlagValue(name, declared[name]!.default, value)
  const defaults = Object.fromEntries(Object.entries(declared).map(([name, { default: value }]) => [name, value]))
  return { flags: { ...defaults, ...local } as FeatureFlags, remoteApplied: false, ignoredLocal: [] }
}

/**
 * A flag takes the kind of value its default has: true or false, or a list of distinct strings (which
 * `false` also turns off).
 */
function checkFlagValue(name: string, fallback: unknown, value: unknown): void {
  if (Array.isArray(fallback)) {
    if (value === false) return
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw new InvalidOptionsError(`\`features.${name}\`: must be a list of strings, or false.`)
    }
    const twice = value.find((item, index) => value.indexOf(item) !== index)
    if (twice !== undefined) throw new InvalidOptionsError(`\`features.${name}\`: lists '${twice}' twice.`)
  } else if (typeof fallback === 'boolean' && typeof value !== 'boolean') {
    throw new InvalidOptionsError(`\`features.${name}\`: must be true or false.`)
  }
}
