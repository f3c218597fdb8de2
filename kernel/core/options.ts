import type { QueryClient } from '@tanstack/query-core'
import * as v from 'valibot'
import type { CaipNetworkId } from 'foyer/protocol'
import { InvalidOptionsError } from './errors/catalogue.js'
import type { Features } from './features.js'
import type { LocaleMessages } from './i18n.js'
import type { LogLevel } from './logger.js'
import type { PluginOption } from './plugin.js'
import type { StorageBackend } from '../services/storage.js'
import type { ThemeMode, ThemeVariables } from './theme.js'

/** What the host tells visitors about its site, shown to wallets when they connect. */
export interface AppMetadata {
  name: string
  description?: string
  url?: string
  icons?: readonly string[]
}

/**
 * Base URLs of the services Foyer may call, by name; each must be http(s). Foyer calls nobody
 * unless one is set. The kernel names three; a plugin adds its own by declaration merging.
 *
 * @example
 * declare module 'foyer' {
 *   interface ServiceUrls { onramp?: string }
 * }
 */
export interface ServiceUrls {
  /** Wallet directory (rules §7): wallets, images, remote project configuration, allowed origins. */
  directory?: string
  /** Blockchain data service (rules §7): balances, prices, identity, history. */
  api?: string
  /**
   * Analytics (rules §7 `GET /getAnalyticsConfig`, `POST /e`): the modal's events, batched, once the service says it
   * is on. The reference receiver is the wallet directory (`startDirectory({ analytics: true })`).
   */
  analytics?: string
  /**
   * The public RPC service (rules §7: JSON-RPC POST with `chainId` and `projectId` in the query): with it the chains read
   * every network the host gave no `rpcUrls` entry through it instead of the network's own RPC. The reference
   * service is `services/rpc`.
   */
  rpc?: string
}

/** Everything a host may pass to `createKernel`. */
export interface FoyerOptions {
  /** Identifies the project to the services. Without it the 'Project ID Not Configured' alert shows (rules §5). */
  projectId?: string
  /** Chain and feature plugins; falsy entries are skipped. @example [evm({ networks }), send()] */
  plugins?: readonly PluginOption[]
  metadata?: AppMetadata
  /**
   * Feature flags (rules §9): the kernel's (`allWallets`, `analytics`, `branding`, `legalCheckbox`, `collapseWallets`,
   * `walletFeaturesOrder`) and those
   * of the plugins in `plugins`. The remote project configuration may override those declared `remote`.
   *
   * @example { allWallets: false, send: false }
   */
  features?: Partial<Features>
  /**
   * The host's terms of service, linked by the `legalCheckbox` (an http(s) URL).
   * @example 'https://example.com/terms'
   */
  termsConditionsUrl?: string
  /**
   * The host's privacy policy, linked by the `legalCheckbox` (an http(s) URL).
   * @example 'https://example.com/privacy'
   */
  privacyPolicyUrl?: string
  /** @default 'system' */
  themeMode?: ThemeMode
  /** Changes to the theme tokens. @example { accent: '#0a7d55', radius: '12px' } */
  themeVariables?: ThemeVariables
  /**
   * The language to show; other than English it loads on demand. Without it the modal follows the visitor's browser
   * (`navigator.languages`): the first of their languages Foyer ships, else English. `'en'` keeps English for all.
   */
  locale?: string
  /** Replacement texts by i18n key, for the current locale. */
  messages?: LocaleMessages
  /** Restore the last session at start (rules §4); when false, existing connections are dropped. @default true */
  enableReconnect?: boolean
  /** The host drives WalletConnect itself; the modal opens on the WalletConnect views (rules §2). @default false */
  manualWCControl?: boolean
  /** Render the modal where the provider sits instead of at the end of `document.body` (rules §2). @default false */
  disableAppend?: boolean
  /** Show the modal inline inside the host's layout, always open (rules §2). @default false */
  enableEmbedded?: boolean
  /** The network to connect to first. */
  defaultNetwork?: CaipNetworkId
  /**
   * Base URLs of the services, by name. Nothing is fetched without them.
   *
   * @default {}
   * @example { directory: 'https://directory.example.com', api: 'https://api.example.com' }
   */
  services?: ServiceUrls
  /** Directory wallet ids shown on the Connect view, in this order, after the installed ones (rules §2 featured). */
  featuredWalletIds?: readonly string[]
  /** Only these directory wallets are offered. */
  includeWalletIds?: readonly string[]
  /** These directory wallets are never offered. */
  excludeWalletIds?: readonly string[]
  /** The host's own wallets, listed after the featured ones (rules §2 custom). Links are checked like the directory's. */
  customWallets?: readonly CustomWallet[]
  /** @default 'error' (rules §9) */
  logLevel?: LogLevel
  /**
   * Where to persist the recent wallets, the embedded wallet's login markers and the caches: the native balance, the
   * token balances, identities and names, each with the time it was read (rules §3, §9 lifetimes), so a reload shows
   * them at once and reads again only what is stale. Entries that do not parse are dropped. Keys are
   * `foyer:<projectId>:…`. @default localStorage when usable, else memory
   */
  storage?: StorageBackend
  /** Overrides the mobile check (a viewport narrower than 560 px). */
  isMobile?: () => boolean
  /**
   * Your own TanStack Query client (`@tanstack/query-core` 5), for a host that already uses one:
   * Foyer's queries then live in it, under keys that start with `'foyer'`.
   * @default a client of the kernel's own, made on the first remote read
   */
  queryClient?: QueryClient
}

/** A wallet the host adds to the lists itself. */
export interface CustomWallet {
  id: string
  name: string
  /** https or data:image. */
  imageUrl?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
}

/** Options with their defaults applied. */
export type ResolvedOptions = Required<
  Pick<
    FoyerOptions,
    | 'plugins'
    | 'features'
    | 'themeMode'
    | 'themeVariables'
    | 'enableReconnect'
    | 'manualWCControl'
    | 'disableAppend'
    | 'enableEmbedded'
    | 'services'
    | 'logLevel'
  >
> &
  Omit<FoyerOptions, 'plugins'>

const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be an http(s) URL'))
const fn = v.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a function')

// Only the shapes are checked here; plugins check their own options and the kernel checks
// feature values against what it knows.
const OptionsSchema = v.strictObject({
  projectId: v.optional(v.string()),
  plugins: v.optional(v.array(v.unknown())),
  metadata: v.optional(
    v.object({
      name: v.string(),
      description: v.optional(v.string()),
      url: v.optional(v.string()),
      icons: v.optional(v.array(v.string())),
    }),
  ),
  features: v.optional(v.record(v.string(), v.unknown())),
  termsConditionsUrl: v.optional(httpUrl),
  privacyPolicyUrl: v.optional(httpUrl),
  themeMode: v.optional(v.picklist(['light', 'dark', 'system'])),
  themeVariables: v.optional(v.record(v.string(), v.unknown())),
  locale: v.optional(v.pipe(v.string(), v.minLength(2))),
  messages: v.optional(v.record(v.string(), v.string())),
  enableReconnect: v.optional(v.boolean()),
  manualWCControl: v.optional(v.boolean()),
  disableAppend: v.optional(v.boolean()),
  enableEmbedded: v.optional(v.boolean()),
  defaultNetwork: v.optional(v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id'))),
  // An open map: plugins add their own services by name. A name left undefined is no service (a host
  // may write `{ wallet: process.env.WALLET_URL }`).
  services: v.optional(v.record(v.string(), v.optional(httpUrl))),
  featuredWalletIds: v.optional(v.array(v.string())),
  includeWalletIds: v.optional(v.array(v.string())),
  excludeWalletIds: v.optional(v.array(v.string())),
  customWallets: v.optional(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.minLength(1)),
        name: v.pipe(v.string(), v.minLength(1)),
        imageUrl: v.optional(v.string()),
        mobile_link: v.optional(v.string()),
        desktop_link: v.optional(v.string()),
        webapp_link: v.optional(v.string()),
      }),
    ),
  ),
  logLevel: v.optional(v.picklist(['silent', 'error', 'warn', 'info', 'debug'])),
  storage: v.optional(
    v.custom<StorageBackend>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        ['getItem', 'setItem', 'removeItem'].every((method) => typeof (value as Record<string, unknown>)[method] === 'function'),
      'must have getItem, setItem and removeItem',
    ),
  ),
  isMobile: v.optional(fn),
  queryClient: v.optional(
    v.custom<QueryClient>(
      (value) => typeof value === 'object' && value !== null && typeof (value as Partial<QueryClient>).fetchQuery === 'function',
      'must be a QueryClient from @tanstack/query-core',
    ),
  ),
})

/**
 * Checks the host's options and applies defaults. Throws an `InvalidOptionsError` naming the
 * option. A missing project id is not an error here: the kernel raises its alert instead (rules §5).
 */
export function parseOptions(options: unknown): ResolvedOptions {
  // An array passes valibot's object check; `createKernel([evm()])` is a likely slip for `{ plugins: [...] }`.
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidOptionsError('createKernel expects an options object, such as { projectId, plugins }.')
  }
  const result = v.safeParse(OptionsSchema, options)
  if (!result.success) throw new InvalidOptionsError(describeIssues(result.issues))
  const parsed = options as FoyerOptions
  // The checkbox says "I agree to …": with nothing to agree to it would be a box without a meaning.
  if (parsed.features?.legalCheckbox === true && !parsed.termsConditionsUrl && !parsed.privacyPolicyUrl) {
    throw new InvalidOptionsError(
      '`features.legalCheckbox`: needs `termsConditionsUrl` or `privacyPolicyUrl`, the pages the visitor agrees to.',
    )
  }
  return {
    ...parsed,
    plugins: parsed.plugins ?? [],
    features: parsed.features ?? {},
    themeMode: parsed.themeMode ?? 'system',
    themeVariables: parsed.themeVariables ?? {},
    enableReconnect: parsed.enableReconnect ?? true,
    manualWCControl: parsed.manualWCControl ?? false,
    disableAppend: parsed.disableAppend ?? false,
    enableEmbedded: parsed.enableEmbedded ?? false,
    services: parsed.services ?? {},
    logLevel: parsed.logLevel ?? 'error',
  }
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue) ?? ''
      if (issue.type === 'strict_object' && issue.input !== undefined) {
        return `Unknown option \`${path}\`. Check its spelling against FoyerOptions.`
      }
      return `\`${path || 'options'}\`: ${issue.message}`
    })
    .join('\n')
}
