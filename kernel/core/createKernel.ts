import { forgetDisconnectedDetails, INITIAL_ACCOUNT } from './account.js'
import { INITIAL_ALERTS, raiseAlert } from './alerts.js'
import { createBus, type Bus } from './bus.js'
import { createChainRegistry, type ChainRegistry } from './chain.js'
import { connectionReducer, INITIAL_CONNECTION, type ConnectionAction } from './connection.js'
import { createConnectorRegistry, type ConnectorRegistry } from './connectors.js'
import { createContainer, type Container } from './container.js'
import { declareFlags, isFeatureEnabled, resolveLocalFeatures, type FeatureName } from './features.js'
import { createI18n, type I18n, type LocaleLoader, type LocaleMessages } from './i18n.js'
import { afterFirstPaint } from './idle.js'
import { createLogger, type Logger } from './logger.js'
import { runAfterConnect } from './lifecycle.js'
import { closeModal, INITIAL_MODAL, MOBILE_MAX_WIDTH, openModal } from './modal.js'
import { parseOptions, type FoyerOptions, type ResolvedOptions } from './options.js'
import { resolvePlugins, setUpPlugins, type Plugin, type Teardown } from './plugin.js'
import { restoreShownNamespace } from './restore.js'
import { createRouter, INITIAL_ROUTE, type Router } from './router.js'
import { createStorage } from '../services/storage.js'
import { forgetKeptBalances } from '../services/queryCache.js'
import { createStore, type Store } from './store.js'
import { INITIAL_TOAST } from './toast.js'
import { FetchToken, StorageToken } from './tokens.js'
import { createViewRegistry, type SlotName, type ViewId, type ViewRegistry } from './views.js'

/** One Foyer instance. Every action, hook and plugin receives it; nothing is global (style 1). */
export interface Kernel {
  readonly options: ResolvedOptions
  readonly bus: Bus
  readonly container: Container
  readonly store: Store
  readonly router: Router
  readonly views: ViewRegistry
  readonly chains: ChainRegistry
  /** Every way to reach a wallet, from any plugin; chains take their providers from here. */
  readonly connectors: ConnectorRegistry
  readonly plugins: readonly Plugin[]
  readonly i18n: I18n
  readonly logger: Logger
  readonly environment: { isMobile(): boolean }
  /** True when a feature flag is on. */
  isEnabled(feature: FeatureName): boolean
  /** True when a view is registered and its feature is on. */
  isViewAvailable(view: ViewId): boolean
  /**
   * Applies a change to the connection state through its reducer (rules §4). A namespace that becomes
   * connected starts the plugins' `afterConnect` hooks.
   */
  dispatchConnection(action: ConnectionAction): void
  /** Settles when the `afterConnect` hooks of the namespace's latest connection are done (at once when none run). */
  afterConnect(namespace: string): Promise<void>
  /** A timer that `destroy()` cancels; returns its cancel function. */
  schedule(callback: () => void, ms: number): () => void
  isDestroyed(): boolean
  /** Tears down the plugins in reverse order, cancels timers and listeners, and disposes services. */
  destroy(): Promise<void>
}

/**
 * Creates a Foyer kernel. Bad options and plugin lists fail here, loudly, with a message that says
 * how to fix them (style 4). Nothing is fetched unless `services` names a URL, and nothing that is
 * fetched delays opening the modal.
 *
 * @example
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })
 */
export function createKernel(input: FoyerOptions): Kernel {
  const options = parseOptions(input)
  const plugins = resolvePlugins(options.plugins)
  const features = resolveLocalFeatures(declareFlags(plugins), options.features)
  const logger = createLogger(options.logLevel)
  const bus = createBus((error, event) => logger.error(`A listener of '${event}' threw.`, error))
  const store = createStore()
  store.addSlice('modal', INITIAL_MODAL)
  store.addSlice('router', { history: [INITIAL_ROUTE] })
  store.addSlice('connection', INITIAL_CONNECTION)
  store.addSlice('account', INITIAL_ACCOUNT)
  store.addSlice('features', features)
  store.addSlice('toast', INITIAL_TOAST)
  store.addSlice('alerts', INITIAL_ALERTS)
  store.addSlice('theme', { mode: options.themeMode })

  const container = createContainer()
  container.register(FetchToken, () => globalThis.fetch.bind(globalThis))
  container.register(StorageToken, () =>
    createStorage({
      backend: options.storage,
      namespace: options.projectId || 'default',
      onDrop: (key, reason) => logger.debug(`Dropped stored '${key}' (${reason}).`),
    }),
  )

  const i18n = createI18n((message) => logger.warn(message))
  const views = createViewRegistry((texts) => i18n.addDefaults('en', texts))
  registerLocales(plugins, i18n)
  if (options.messages) i18n.add(options.locale ?? 'en', options.messages)

  const timers = new Set<ReturnType<typeof setTimeout>>()
  let destroyed = false
  let tearDownPlugins: Teardown = () => {}
  let releaseViews: Teardown = () => {}
  // The afterConnect run of each namespace's latest connection.
  const afterConnectRuns = new Map<string, Promise<void>>()
  const isConnected = (namespace: string) => store.getState().connection.namespaces[namespace]?.status === 'connected'
  const dispatchConnection = (action: ConnectionAction) => {
    const connecting = action.type === 'connected' && !isConnected(action.namespace) ? action.namespace : undefined
    store.update('connection', (state) => connectionReducer(state, action))
    if (action.type === 'disconnected' || action.type === 'failed') forgetDisconnectedDetails(store)
    if (!connecting || !isConnected(connecting)) return
    const run = runAfterConnect(kernel, plugins, connecting)
    afterConnectRuns.set(connecting, run)
    // Whoever connected awaits the run and handles its failure; a restored session has nobody, so it is logged.
    run.catch((error: unknown) => logger.error(`After connecting ${connecting}, a plugin failed.`, error))
  }
  const isEnabled = (feature: FeatureName) => isFeatureEnabled(store.getState().features.flags, feature)
  const isViewAvailable = (view: ViewId) => {
    const definition = views.get(view)
    return definition !== undefined && (definition.feature === undefined || isEnabled(definition.feature))
  }

  const kernel: Kernel = {
    options,
    bus,
    container,
    store,
    router: createRouter(store, views, isViewAvailable, {
      isOpen: () => store.getState().modal.open,
      open: (entry) => openModal(kernel, { view: entry.view, params: entry.params } as never),
      close: () => closeModal(kernel),
    }),
    views,
    chains: createChainRegistry(plugins),
    connectors: createConnectorRegistry(dispatchConnection),
    plugins,
    i18n,
    logger,
    environment: { isMobile: options.isMobile ?? isNarrowViewport },
    isEnabled,
    isViewAvailable,
    dispatchConnection,
    afterConnect: (namespace) => afterConnectRuns.get(namespace) ?? Promise.resolve(),
    schedule(callback, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        callback()
      }, ms)
      timers.add(timer)
      return () => {
        clearTimeout(timer)
        timers.delete(timer)
      }
    },
    isDestroyed: () => destroyed,
    async destroy() {
      if (destroyed) return
      destroyed = true
      timers.forEach(clearTimeout)
      timers.clear()
      await tearDownPlugins()
      await releaseViews()
      bus.emit('kernel:destroyed', {})
      bus.clear()
      await container.dispose()
    },
  }

  // rules §3: a transfer makes the balances kept in storage stale too.
  bus.on('balances:changed', () => forgetKeptBalances(kernel))
  releaseViews = registerViews(kernel, plugins)
  // Before the chains start restoring their sessions: the namespace that was shown keeps its place.
  restoreShownNamespace(kernel)
  tearDownPlugins = setUpPlugins(kernel, plugins, (error) => logger.error('A plugin failed to tear down.', error))
  startLocale(i18n, options.locale).catch((error) => logger.error('Locale failed to load.', error))
  if (!options.projectId) raiseAlert(kernel, 'PROJECT_ID_NOT_CONFIGURED')
  // In the background after the first paint, and loaded only by hosts that configured the service:
  // opening the modal never waits for the remote configuration or the allowed-origins check (rules §5), and
  // pages without it never download their code.
  // A kernel destroyed meanwhile (a page that unmounts at once) skips them, also when that happens while their code
  // is still loading; a failure of a live kernel's task is logged, never left unhandled.
  const later = <M>(load: () => Promise<M>, run: (module: M) => Promise<unknown>) =>
    void afterFirstPaint()
      .then(async () => {
        if (destroyed) return
        const module = await load()
        if (!destroyed) await run(module)
      })
      .catch((error: unknown) => destroyed || logger.error('A background task of the kernel failed.', error))
  if (options.services.directory && options.projectId) {
    later(
      () => import('../services/remoteConfig.js'),
      (module) => Promise.all([module.loadRemoteFeatures(kernel), module.checkAllowedOrigin(kernel)]),
    )
  }
  // Analytics the same way; an open modal before then is caught up by the module (rules §7).
  if (options.services.analytics && options.projectId && isEnabled('analytics')) {
    later(
      () => import('../services/analytics.js'),
      (module) => module.startAnalytics(kernel),
    )
  }
  return kernel
}

/** The views and slot entries of every manifest that are available in this kernel, each gated by its plugin's feature. */
function registerViews(kernel: Kernel, plugins: readonly Plugin[]): Teardown {
  const releases: Array<() => void> = []
  for (const plugin of plugins) {
    const { feature } = plugin
    for (const [id, view] of Object.entries(plugin.views ?? {})) {
      if (!view || (view.available && !view.available(kernel))) continue
      const { available: _, ...definition } = view
      releases.push(kernel.views.register(id as ViewId, { ...definition, feature }))
    }
    for (const [slot, entries] of Object.entries(plugin.slots ?? {})) {
      for (const { available, ...entry } of entries ?? []) {
        if (!available || available(kernel)) releases.push(kernel.views.contribute(slot as SlotName, { ...entry, feature } as never))
      }
    }
  }
  return () => {
    for (const release of releases) release()
  }
}

function registerLocales(plugins: readonly Plugin[], i18n: I18n) {
  for (const plugin of plugins) {
    for (const [locale, messages] of Object.entries(plugin.locales ?? {})) {
      if (typeof messages === 'function') i18n.addLoader(locale, messages as LocaleLoader)
      else if (messages) i18n.add(locale, messages as LocaleMessages)
    }
  }
}

function isNarrowViewport(): boolean {
  return typeof matchMedia === 'function' && matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches
}

/**
 * The host's `locale`, else the visitor's browser languages (docs/concepts/kernel.md, Languages). An English-first
 * browser (most) loads nothing more: the list of shipped locales is in a lazy chunk.
 */
function startLocale(i18n: I18n, locale: string | undefined): Promise<void> {
  if (locale) return locale === 'en' ? Promise.resolve() : i18n.setLocale(locale)
  const preferred = globalThis.navigator?.languages ?? []
  return preferred.length === 0 || /^en(-|$)/i.test(preferred[0]!) ? Promise.resolve() : i18n.setPreferredLocale(preferred)
}
