// createAppKit's options as AppKit's documentation names them, mapped onto Foyer's kernel: the chains from the
// adapters and networks, the plugins from `features`, the theme from `themeVariables`. What Foyer cannot honour throws
// here, at createAppKit, with the option's name and what to do instead; nothing is dropped in silence.
import { InvalidOptionsError, type FoyerOptions, type Network, type PluginOption } from 'foyer'
import { activity } from 'foyer/plugins/activity'
import { email } from 'foyer/plugins/email'
import { onramp } from 'foyer/plugins/onramp'
import { portfolio } from 'foyer/plugins/portfolio'
import { receive } from 'foyer/plugins/receive'
import { send } from 'foyer/plugins/send'
import { siwx, type SiwxOptions } from 'foyer/plugins/siwx'
import { socials } from 'foyer/plugins/socials'
import { swaps } from 'foyer/plugins/swaps'
import type { AppKitAdapter } from './adapter.js'

/** AppKit's `features`, the ones Foyer has. */
export interface AppKitFeatures {
  /** The email login (the email plugin); needs `services.wallet`. */
  email?: boolean
  /** The social logins in their order, or false; need `services.wallet`. */
  socials?: readonly string[] | false
  /** Swaps; need `services.api`. */
  swaps?: boolean
  /** Buying crypto; needs `services.api`. */
  onramp?: boolean
  /** The account's activity and tokens; need `services.api`. */
  history?: boolean
  send?: boolean
  receive?: boolean
  analytics?: boolean
  allWallets?: boolean
  legalCheckbox?: boolean
  collapseWallets?: boolean
  [unsupported: string]: unknown
}

/** createAppKit's options. Those Foyer has not are refused by name (docs/migrating/appkit.md has the table). */
export interface CreateAppKitOptions
  extends Pick<
    FoyerOptions,
    | 'metadata'
    | 'featuredWalletIds'
    | 'includeWalletIds'
    | 'excludeWalletIds'
    | 'customWallets'
    | 'enableReconnect'
    | 'manualWCControl'
    | 'disableAppend'
    | 'enableEmbedded'
    | 'termsConditionsUrl'
    | 'privacyPolicyUrl'
  > {
  /** One adapter per chain family: EthersAdapter or WagmiAdapter (EVM), SolanaAdapter. */
  adapters: readonly AppKitAdapter[]
  /** The networks, from foyer/appkit/networks or defineChain; the first is the default unless `defaultNetwork`. */
  networks: readonly [Network, ...Network[]]
  /** The project id: WalletConnect's, and the one the services named in `services` know the site by. */
  projectId?: string
  features?: AppKitFeatures
  themeMode?: 'light' | 'dark'
  /** `--w3m-accent`, `--w3m-font-family`, `--w3m-z-index`, or Foyer's own tokens (`accent`, `radius` …). */
  themeVariables?: Readonly<Record<string, string | number>>
  defaultNetwork?: Network
  siweConfig?: SiwxOptions['siweConfig']
  siwx?: SiwxOptions['siwx']
  /** false: no WalletConnect. */
  enableWalletConnect?: boolean
  /** RPC URLs by CAIP-2 id, for the reads Foyer makes (balances): the first of each. */
  customRpcUrls?: Readonly<Record<string, readonly { url: string }[]>>
  /** true: Foyer's debug logs. */
  debug?: boolean
  /**
   * Foyer's own option: the services it may call (its directory, API and wallet, all in this repository). AppKit
   * calls Reown's; Foyer calls only what is named here, and the features that need a service need it named.
   */
  services?: FoyerOptions['services']
  [unsupported: string]: unknown
}

/**
 * AppKit options Foyer has no counterpart for, with what to do instead. Setting one to anything but `false` or
 * `undefined` throws.
 */
const UNSUPPORTED_OPTIONS: Readonly<Record<string, string>> = {
  allowUnsupportedChain: 'Foyer always lets a visitor on an unconfigured network switch away (the Networks view); remove it.',
  enableCoinbase: 'Foyer has no Coinbase SDK connector; the Coinbase extension connects through EIP-6963. Remove it.',
  coinbasePreference: 'Foyer has no Coinbase SDK connector. Remove it.',
  enableInjected: 'Foyer always offers the injected and EIP-6963 wallets. Remove it, or list wallets with includeWalletIds.',
  enableEIP6963: 'Foyer always offers the EIP-6963 wallets. Remove it, or list wallets with includeWalletIds.',
  universalProviderConfigOverride: 'Foyer has its own WalletConnect client and takes no UniversalProvider settings. Remove it.',
  chainImages: "Give each network its `imageUrl` instead (Foyer's network field).",
  connectorImages: 'Give customWallets their `image_url`, or let the directory show the marks.',
  allWallets: "Use features.allWallets (true or false); Foyer has no 'ONLY_MOBILE'.",
  defaultAccountTypes: "Foyer's email plugin offers the smart account where a bundler is set (docs/plugins/email.md). Remove it.",
  enableNetworkSwitch: 'Foyer always offers the Networks view when more than one network is set. Remove it.',
  enableWalletGuide: 'Foyer always shows its wallet guide on Connect. Remove it.',
  enableAuthLogger: 'Foyer logs through its own logger (logLevel). Remove it.',
  enableWallets: 'Foyer always lists wallets. Remove it.',
  showWallets: 'Foyer always lists wallets with the email login. Remove it.',
  basic: 'Foyer has no basic mode. Remove it.',
}

/** AppKit features Foyer has no counterpart for. */
const UNSUPPORTED_FEATURES: Readonly<Record<string, string>> = {
  connectMethodsOrder: "Foyer's Connect view has one order (docs/rules.md §9). Remove it.",
  connectorTypeOrder: "Foyer's Connect view has one order (docs/rules.md §9). Remove it.",
  emailShowWallets: 'Foyer always lists the wallets beside the email login. Remove it.',
  pay: 'Use the pay plugin (foyer/plugins/pay) with Foyer’s kernel; the AppKit layer has no pay feature.',
  reownAuthentication: 'Foyer signs in with the siwx plugin and your own API (siweConfig or siwx). Remove it.',
  headless: 'Foyer has no headless mode. Remove it.',
}

/** The Foyer options that pass through under the same name. */
const SAME_NAMES = [
  'metadata',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
  'customWallets',
  'enableReconnect',
  'manualWCControl',
  'disableAppend',
  'enableEmbedded',
  'termsConditionsUrl',
  'privacyPolicyUrl',
] as const

/** The options createAppKit reads itself. */
const READ_HERE = new Set<string>([
  'adapters',
  'networks',
  'projectId',
  'features',
  'themeMode',
  'themeVariables',
  'defaultNetwork',
  'siweConfig',
  'siwx',
  'enableWalletConnect',
  'customRpcUrls',
  'debug',
  'services',
  ...SAME_NAMES,
])

/** AppKit's theme variables that Foyer's tokens cover. */
const THEME_VARIABLES: Readonly<Record<string, string>> = {
  '--w3m-accent': 'accent',
  '--w3m-font-family': 'font',
  '--w3m-z-index': 'zIndex',
}

const UNSUPPORTED_THEME_VARIABLES: Readonly<Record<string, string>> = {
  '--w3m-color-mix': "Foyer's themes are set token by token: set `background`, `surface` … instead.",
  '--w3m-color-mix-strength': "Foyer's themes are set token by token: set `background`, `surface` … instead.",
  '--w3m-font-size-master': "Foyer's sizes follow the page's root font size. Remove it.",
  '--w3m-border-radius-master': 'Set `radius`, the dialog’s corner radius (rows and buttons derive theirs), instead.',
  '--w3m-qr-color': 'Foyer draws its QR codes in the theme’s foreground. Remove it.',
}

const FOYER_TOKENS = new Set([
  'accent',
  'accentForeground',
  'background',
  'surface',
  'surfaceHover',
  'foreground',
  'mutedForeground',
  'border',
  'danger',
  'success',
  'overlay',
  'radius',
  'font',
  'zIndex',
])

function refuse(details: string): never {
  throw new InvalidOptionsError(`createAppKit: ${details}`)
}

/** The kernel's options for createAppKit's: throws for what Foyer cannot honour. */
export function kernelOptionsOf(options: CreateAppKitOptions): FoyerOptions {
  if (typeof options !== 'object' || options === null) refuse('pass an options object.')
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === false) continue
    const why = UNSUPPORTED_OPTIONS[name]
    if (why) refuse(`\`${name}\` is not supported. ${why}`)
  }
  const { adapters, networks } = options
  if (!Array.isArray(adapters) || adapters.length === 0)
    refuse('`adapters` must list one adapter per chain family, e.g. `[new EthersAdapter()]` from foyer/appkit/adapter-ethers.')
  if (!Array.isArray(networks) || networks.length === 0)
    refuse('`networks` must list at least one network, e.g. `[mainnet]` from foyer/appkit/networks.')
  const services = options.services ?? {}
  const chains = chainsOf(options)
  const { plugins, features } = featuresOf(options.features ?? {}, services)
  if (options.siweConfig || options.siwx) plugins.push(siwx({ siweConfig: options.siweConfig, siwx: options.siwx }))
  const passed = Object.fromEntries(SAME_NAMES.filter((name) => options[name] !== undefined).map((name) => [name, options[name]]))
  // Anything else goes to createKernel, which refuses an unknown option by name.
  const rest = Object.fromEntries(Object.entries(options).filter(([name]) => !READ_HERE.has(name) && !(name in UNSUPPORTED_OPTIONS)))
  return {
    ...rest,
    ...passed,
    services,
    features,
    plugins: [...chains, ...plugins],
    // The id the site's services know it by, as AppKit's are told it; WalletConnect's too (chainsOf). No Reown service
    // is called: the services are those named in `services`.
    ...(options.projectId && { projectId: options.projectId }),
    ...(options.themeMode && { themeMode: options.themeMode }),
    ...(options.themeVariables && { themeVariables: themeVariablesOf(options.themeVariables) }),
    ...(options.defaultNetwork && { defaultNetwork: options.defaultNetwork.caipNetworkId }),
    ...(options.debug && { logLevel: 'debug' as const }),
  }
}

/** One chain per adapter, over the networks of its family; a network no adapter serves throws. */
function chainsOf(options: CreateAppKitOptions): PluginOption[] {
  const rpcUrls = Object.fromEntries(
    Object.entries(options.customRpcUrls ?? {})
      .filter(([, urls]) => urls[0]?.url)
      .map(([id, urls]) => [id, urls[0]!.url]),
  )
  const served = new Set(options.adapters.map((adapter) => adapter.namespace))
  const orphan = options.networks.find((network) => !served.has(network.chainNamespace))
  if (orphan)
    refuse(
      `the network ${orphan.name} (${orphan.caipNetworkId}) has no adapter of its family '${orphan.chainNamespace}': add ` +
        (orphan.chainNamespace === 'solana' ? 'new SolanaAdapter() from foyer/appkit/adapter-solana.' : 'its adapter.'),
    )
  return options.adapters.map((adapter) => {
    if (typeof adapter?.chain !== 'function')
      refuse("an adapter is not one of foyer/appkit's (EthersAdapter, WagmiAdapter, SolanaAdapter): import it from foyer/appkit/adapter-….")
    const networks = options.networks.filter((network) => network.chainNamespace === adapter.namespace)
    if (networks.length === 0) refuse(`the ${adapter.namespace} adapter has no network in \`networks\`.`)
    const walletConnect = options.enableWalletConnect !== false && options.projectId ? { walletConnectProjectId: options.projectId } : {}
    return adapter.chain({ networks, rpcUrls, ...walletConnect })
  })
}

/**
 * The plugins and kernel features for AppKit's `features`. A feature that needs a service is on when the service is
 * named (AppKit's default is on) and throws when asked for without it; `false` turns any feature off.
 */
function featuresOf(
  requested: AppKitFeatures,
  services: NonNullable<FoyerOptions['services']>,
): { plugins: PluginOption[]; features: Record<string, unknown> } {
  for (const [name, value] of Object.entries(requested)) {
    const why = UNSUPPORTED_FEATURES[name]
    if (why && value !== undefined && value !== false) refuse(`\`features.${name}\` is not supported. ${why}`)
  }
  const plugins: PluginOption[] = []
  const features: Record<string, unknown> = {}
  const wanted = (name: keyof AppKitFeatures, service: 'wallet' | 'api' | undefined): boolean => {
    const value = requested[name]
    if (value === false) return false
    if (!service || services[service]) return true
    if (value !== undefined)
      refuse(`\`features.${String(name)}\` needs Foyer's ${service} service: name it in \`services: { ${service}: '…' }\`.`)
    return false
  }
  if (wanted('send', undefined)) plugins.push(send())
  if (wanted('receive', undefined)) plugins.push(receive())
  const socialList = requested.socials
  if (wanted('email', 'wallet') || (Array.isArray(socialList) && socialList.length > 0 && wanted('socials', 'wallet'))) {
    plugins.push(email())
    if (Array.isArray(socialList) && socialList.length > 0) {
      plugins.push(socials())
      features.socials = socialList
    }
  }
  if (wanted('swaps', 'api')) plugins.push(swaps())
  if (wanted('onramp', 'api')) plugins.push(onramp())
  if (wanted('history', 'api')) plugins.push(activity(), portfolio())
  for (const name of ['analytics', 'allWallets', 'legalCheckbox', 'collapseWallets'] as const) {
    if (requested[name] !== undefined) features[name] = requested[name]
  }
  const known = new Set([
    ...Object.keys(UNSUPPORTED_FEATURES),
    'email',
    'socials',
    'swaps',
    'onramp',
    'history',
    'send',
    'receive',
    'analytics',
    'allWallets',
    'legalCheckbox',
    'collapseWallets',
  ])
  const unknown = Object.keys(requested).find((name) => !known.has(name))
  if (unknown) refuse(`\`features.${unknown}\` is not an AppKit feature Foyer knows. Check its spelling.`)
  return { plugins, features }
}

/** AppKit's theme variables as Foyer's tokens; Foyer's own token names pass as they are. */
function themeVariablesOf(variables: Readonly<Record<string, string | number>>): FoyerOptions['themeVariables'] {
  const tokens: Record<string, string> = {}
  for (const [name, value] of Object.entries(variables)) {
    const why = UNSUPPORTED_THEME_VARIABLES[name]
    if (why) refuse(`\`themeVariables['${name}']\` is not supported. ${why}`)
    const token = THEME_VARIABLES[name] ?? (FOYER_TOKENS.has(name) ? name : undefined)
    if (!token) refuse(`\`themeVariables['${name}']\` is not a theme variable Foyer knows. Check its spelling.`)
    tokens[token] = String(value)
  }
  return tokens
}
