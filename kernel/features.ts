import * as v from 'valibot'

/** §1: social login providers. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** The wallet actions shown under the account, in the order they appear (§9). */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/**
 * Feature flags (§9). The first group may be set by the remote project configuration, which then
 * wins over the host's local options; the second group is local only. Plugins add flags by
 * declaration merging.
 */
export interface Features {
  /** Email login with an embedded wallet. @default true */
  email: boolean
  /** Social login providers, in order; `false` hides social login. @default all of SOCIAL_PROVIDERS */
  socials: readonly SocialProvider[] | false
  /** @default true */
  swaps: boolean
  /** Buying crypto through an on-ramp. @default true */
  onramp: boolean
  /** The Activity tab. @default true */
  activity: boolean
  /** A small "Foyer" mark at the foot of the modal. @default true */
  branding: boolean
  /** Several wallets connected per namespace. @default true */
  multiWallet: boolean
  /** @default true */
  receive: boolean
  /** @default true */
  send: boolean
  /** Usage analytics; nothing is sent unless the host also configures an analytics endpoint. @default true */
  analytics: boolean
  /** The searchable All Wallets view. @default true */
  allWallets: boolean
  /** A terms checkbox before connecting. @default false */
  legalCheckbox: boolean
  /** @default false */
  smartSessions: boolean
  /** Show only the wallets already in the browser, behind an "all wallets" entry. @default false */
  collapseWallets: boolean
  /** @default false */
  pay: boolean
  /** Order of the wallet actions under the account. @default ['onramp', 'swaps', 'receive', 'send'] */
  walletFeaturesOrder: readonly WalletFeature[]
}

export type FeatureName = keyof Features & string

/** The flags the remote project configuration may set (§9 "default remote features"). */
export const REMOTE_FEATURES = ['email', 'socials', 'swaps', 'onramp', 'activity', 'branding', 'multiWallet'] as const
export type RemoteFeatureName = (typeof REMOTE_FEATURES)[number]

export const DEFAULT_FEATURES: Features = {
  email: true,
  socials: SOCIAL_PROVIDERS,
  swaps: true,
  onramp: true,
  activity: true,
  branding: true,
  multiWallet: true,
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
}

export interface FeaturesState {
  flags: Features
  /** Whether the remote configuration has been applied. */
  remoteApplied: boolean
  /** Local settings the remote configuration overrode (§1 'Local configuration ignored'). */
  ignoredLocal: RemoteFeatureName[]
}

/** True when a feature is on: a list counts as on while it is not empty. */
export function isFeatureEnabled(flags: Features, name: FeatureName): boolean {
  const value = flags[name] as unknown
  return Array.isArray(value) ? value.length > 0 : Boolean(value)
}

/** The flags from the defaults and the host's options. */
export function resolveLocalFeatures(local: Partial<Features> = {}): FeaturesState {
  return { flags: { ...DEFAULT_FEATURES, ...local }, remoteApplied: false, ignoredLocal: [] }
}

/**
 * Applies the remote project configuration: it wins for the remote features, and every local
 * setting it overrides with another value is reported in `ignoredLocal`.
 */
export function applyRemoteFeatures(
  state: FeaturesState,
  local: Partial<Features>,
  remote: Partial<Pick<Features, RemoteFeatureName>>,
): FeaturesState {
  const flags = { ...state.flags, ...remote }
  const ignoredLocal = REMOTE_FEATURES.filter(
    (name) => name in remote && name in local && !sameValue(local[name], remote[name]),
  )
  return { flags, remoteApplied: true, ignoredLocal }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The shape of `GET /appkit/v1/config` from the wallet directory service (§7). Unknown feature ids
 * are ignored so that a newer server does not break an older client.
 */
export const RemoteConfigSchema = v.object({
  features: v.array(
    v.object({
      id: v.string(),
      isEnabled: v.boolean(),
      config: v.optional(v.nullable(v.array(v.string()))),
    }),
  ),
})

/** Turns a parsed remote configuration into flags. */
export function remoteConfigToFeatures(
  config: v.InferOutput<typeof RemoteConfigSchema>,
): Partial<Pick<Features, RemoteFeatureName>> {
  const result: Partial<Pick<Features, RemoteFeatureName>> = {}
  for (const { id, isEnabled, config: list } of config.features) {
    if (id === 'socials') {
      result.socials = isEnabled ? (list ?? [...SOCIAL_PROVIDERS]).filter(isSocialProvider) : false
    } else if ((REMOTE_FEATURES as readonly string[]).includes(id)) {
      result[id as Exclude<RemoteFeatureName, 'socials'>] = isEnabled
    }
  }
  return result
}

function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}
